//! `trios serve`: the game over SSH, on a tokio runtime built here.

use std::io::{self, IsTerminal};

use super::Error;
use crate::autosave::AutosaveError;
use crate::cli::ServeArgs;
use crate::ssh::ServeConfig;
use crate::store::journal::Journal;
use crate::store::lazy::LazyStore;
use crate::store::open::Database;
use crate::store::worker::StoreService;
use crate::store::{LICHESS, StoreError};

/// A host key the user named goes where they said or nowhere: its folder must exist (a typo
/// should not quietly make new folders). Only the default key in the data folder gets its
/// folder made.
fn check_host_key_folder(path: &std::path::Path) -> Result<(), Error> {
    if path.exists() {
        return Ok(());
    }
    match path.parent().filter(|d| !d.as_os_str().is_empty()) {
        Some(dir) if !dir.is_dir() => Err(Error::Usage(format!(
            "--host-key {}: the folder {} does not exist; create it first (trios makes a new \
             key file there, not the folder)",
            path.display(),
            dir.display()
        ))),
        _ => Ok(()),
    }
}

/// `trios serve`: logging set up, the host key and the authorized keys read, then the
/// server runs until Ctrl-C or SIGTERM.
pub fn run(args: &ServeArgs) -> Result<(), Error> {
    use tracing_subscriber::EnvFilter;
    let filter = EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| EnvFilter::new("trios=info,russh=warn"));
    // A subscriber already set (by an embedding program) is kept.
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(io::stderr)
        .with_ansi(io::stderr().is_terminal())
        .try_init();
    let config = serve_config(args)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(Error::Runtime)?;
    runtime.block_on(async move {
        let server = crate::ssh::serve(config)
            .await
            .map_err(|source| Error::Listen {
                addr: args.listen,
                source,
            })?;
        eprintln!(
            "trios is serving on {}: ssh -p {} {}   (Ctrl-C stops)",
            server.local_addr(),
            server.local_addr().port(),
            server.local_addr().ip()
        );
        wait_for_stop_signal().await;
        eprintln!("stopping");
        server.shutdown().await;
        Ok(())
    })
}

/// The server's settings from the flags: the match offered, the host key (made when the
/// default one is missing), who may log in, the limits, and where matches are recorded.
fn serve_config(args: &ServeArgs) -> Result<ServeConfig, Error> {
    let game = crate::registry::server_setup(args)?;
    // Every refusal comes before the host key is made: a refused start leaves nothing.
    let store = start_store(args)?;
    let authorized_keys = match &args.authorized_keys {
        Some(path) => {
            Some(crate::ssh::read_authorized_keys(path).map_err(|e| Error::Usage(e.to_string()))?)
        }
        None => None,
    };
    let key_path = match &args.host_key {
        Some(path) => {
            check_host_key_folder(path)?;
            path.clone()
        }
        None => data_dir(args)
            .ok_or(AutosaveError::NoDataDir)?
            .join(HOST_KEY_FILE),
    };
    let host_key = crate::ssh::load_or_create_host_key(&key_path)?;
    let mut config = ServeConfig::new(host_key, game, crate::registry::server_games());
    config.listen = args.listen;
    config.max_sessions = args.max_sessions;
    config.connections_per_minute = args.per_address;
    config.idle_timeout = std::time::Duration::from_secs(args.idle_timeout);
    config.authorized_keys = authorized_keys;
    config.fixed_seed = args.seeding.seed.is_some();
    config.grace = std::time::Duration::from_secs(args.grace);
    config.lobby_game = args.game;
    config.login_grace = std::time::Duration::from_secs(args.login_grace_secs);
    config.max_startups = args.max_startups as usize;
    config.max_startups_per_address = args.max_startups_per_address as usize;
    if args.no_showcase {
        config.showcases.clear();
    }
    config.store = Some(store);
    config.rated_same_address = args.rated_same_address;
    config.public_address = args.public_address.clone();
    if !args.no_record {
        let dir = data_dir(args).ok_or(AutosaveError::NoDataDir)?;
        match crate::ssh::records_writable(&dir) {
            Ok(matches) => eprintln!("recording matches with people in {}", matches.display()),
            Err(e) => eprintln!(
                "warning: matches are NOT being recorded: {e}; players are told at their \
                 tables (free space or fix the folder's permissions, or use --no-record)"
            ),
        }
        config.data_dir = Some(dir);
    }
    Ok(config)
}

/// The host key's file name in the data folder, where it is made when `--host-key` is not
/// given.
const HOST_KEY_FILE: &str = "host_key";

/// The server's data folder: `--data-dir`, else `$TRIOS_DATA_DIR`, else the platform's.
fn data_dir(args: &ServeArgs) -> Option<std::path::PathBuf> {
    args.data_dir
        .clone()
        .filter(|dir| !dir.as_os_str().is_empty())
        .or_else(crate::autosave::data_dir)
}

/// The players database `--database` names (the SQLite file in the data folder by default),
/// with its journal in the data folder. A database that is away (Postgres down, a lock held)
/// does not stop the server: it serves guests and journals results until the database is
/// back. One trios will not use (an empty, truncated or damaged file, another program's
/// database, a newer trios's) is refused, untouched, saying which and what to do.
fn start_store(args: &ServeArgs) -> Result<StoreService, Error> {
    let data_dir = data_dir(args);
    let database = Database::from_url_or_dir(args.database.as_deref(), data_dir.as_deref())
        .map_err(|e| Error::Usage(format!("--database: {e}")))?;
    let (store, opened) = LazyStore::new(database.clone());
    match opened {
        Ok(()) => eprintln!("players, ratings and histories are kept in {database}"),
        Err(StoreError::Unavailable(why)) => eprintln!(
            "warning: the players database {database} cannot be reached right now ({why}); \
             serving anyway: players are guests and results wait in the journal until it is \
             back"
        ),
        Err(e) => return Err(Error::Usage(e.to_string())),
    }
    let journal = data_dir.map(|dir| Journal::in_dir(&dir));
    StoreService::start(Box::new(store), journal, LICHESS)
        .map_err(|e| Error::Usage(format!("cannot start the store's threads: {e}")))
}

/// Waits for Ctrl-C (SIGINT) or SIGTERM: both stop the server the same graceful way.
async fn wait_for_stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}
