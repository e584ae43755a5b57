//! Reading a file a person named on the command line: only regular files, never more than a
//! stated size, so `/dev/zero`, a FIFO or a directory gets a clear message instead of
//! unbounded memory or a read that never ends.

use std::fs::File;
use std::io::{self, Read};
use std::path::Path;

/// The most any board or card file may hold: a 1000x1000 board is about 1 MB and a million
/// cards about 30 MB.
pub const CONFIG_LIMIT: u64 = 64 << 20;
/// The most a host key or an `authorized_keys` file may hold.
pub const KEY_FILE_LIMIT: u64 = 1 << 20;

/// Why a named file could not be read.
#[derive(Debug, thiserror::Error)]
pub enum InputFileError {
    /// The path names something other than a regular file (a device, FIFO, socket or folder).
    #[error("{path} is {kind}, not a regular file; give the path of a file")]
    NotRegular { path: String, kind: &'static str },
    /// The file is larger than its kind allows.
    #[error("{path} is larger than {limit}; files of this kind are at most that size")]
    TooLarge { path: String, limit: String },
    /// The OS refused to open or read it.
    #[error("cannot read {path}: {source}")]
    Io { path: String, source: io::Error },
}

impl InputFileError {
    /// The error's kind as the OS reports it, where it has one (`NotFound` tells callers that
    /// a default file may be made).
    pub fn io_kind(&self) -> Option<io::ErrorKind> {
        match self {
            Self::Io { source, .. } => Some(source.kind()),
            _ => None,
        }
    }
}

/// The whole of the regular file at `path`, if it holds at most `limit` bytes.
///
/// Symlinks are followed. What is not a regular file is refused before it is opened, so a
/// FIFO cannot block; the read itself stops one byte past `limit`, so a file that grows while
/// it is read cannot take more memory than that.
pub fn read_limited(path: &Path, limit: u64) -> Result<Vec<u8>, InputFileError> {
    let name = path.display().to_string();
    let io_error = |source| InputFileError::Io {
        path: name.clone(),
        source,
    };
    let meta = std::fs::metadata(path).map_err(io_error)?;
    check_regular(&name, &meta)?;
    let file = File::open(path).map_err(io_error)?;
    // The path may have been swapped between the two looks: check what was opened too.
    check_regular(&name, &file.metadata().map_err(io_error)?)?;
    let mut bytes = Vec::new();
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(io_error)?;
    if bytes.len() as u64 > limit {
        return Err(InputFileError::TooLarge {
            path: name,
            limit: human_size(limit),
        });
    }
    Ok(bytes)
}

/// [`read_limited`] as text: invalid UTF-8 is an `InvalidData` error, as `read_to_string`
/// gives.
pub fn read_limited_text(path: &Path, limit: u64) -> Result<String, InputFileError> {
    let bytes = read_limited(path, limit)?;
    String::from_utf8(bytes).map_err(|_| InputFileError::Io {
        path: path.display().to_string(),
        source: io::Error::new(io::ErrorKind::InvalidData, "the file is not UTF-8 text"),
    })
}

fn check_regular(name: &str, meta: &std::fs::Metadata) -> Result<(), InputFileError> {
    if meta.is_file() {
        return Ok(());
    }
    Err(InputFileError::NotRegular {
        path: name.to_string(),
        kind: file_kind(meta),
    })
}

/// What a non-regular file is, in words.
pub fn file_kind(meta: &std::fs::Metadata) -> &'static str {
    let kind = meta.file_type();
    if kind.is_dir() {
        return "a folder";
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_fifo() {
            return "a FIFO (named pipe)";
        }
        if kind.is_socket() {
            return "a socket";
        }
        if kind.is_char_device() || kind.is_block_device() {
            return "a device";
        }
    }
    if kind.is_file() {
        "a regular file"
    } else {
        "not a file"
    }
}

/// `limit` in the largest whole unit: `64 MiB`, `1 MiB`, `512 bytes`.
pub fn human_size(limit: u64) -> String {
    const UNITS: [(u64, &str); 3] = [(1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")];
    for (size, unit) in UNITS {
        if limit >= size && limit.is_multiple_of(size) {
            return format!("{} {unit}", limit / size);
        }
    }
    format!("{limit} bytes")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_device_is_refused_before_it_is_read() {
        let err = read_limited(Path::new("/dev/zero"), CONFIG_LIMIT).unwrap_err();
        assert!(matches!(err, InputFileError::NotRegular { .. }), "{err}");
        assert!(err.to_string().contains("a device"), "{err}");
    }

    #[test]
    fn a_folder_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let err = read_limited(dir.path(), CONFIG_LIMIT).unwrap_err();
        assert!(err.to_string().contains("a folder"), "{err}");
    }

    #[test]
    fn a_file_over_the_limit_is_refused_and_one_at_it_is_read() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f");
        std::fs::write(&path, vec![b'x'; 2048]).unwrap();
        assert_eq!(read_limited(&path, 2048).unwrap().len(), 2048);
        let err = read_limited(&path, 2047).unwrap_err();
        assert!(matches!(err, InputFileError::TooLarge { .. }), "{err}");
        assert!(err.to_string().contains("2047 bytes"), "{err}");
    }

    #[test]
    fn sizes_read_in_whole_units() {
        assert_eq!(human_size(64 << 20), "64 MiB");
        assert_eq!(human_size(1 << 10), "1 KiB");
        assert_eq!(human_size(1000), "1000 bytes");
    }
}
