//! The `trios` binary: the games built in, run by [`trios::cmd::main`].

fn main() -> color_eyre::Result<std::process::ExitCode> {
    trios::cmd::main(&[])
}
