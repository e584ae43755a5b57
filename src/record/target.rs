//! Where a record may be written: a regular file or a new path, never a device, FIFO, socket,
//! folder or symbolic link, and by one trios at a time.
//!
//! The lock is an advisory `flock` on the file now at the path. Records are rewritten by
//! renaming a new file over the old one, so the writer locks each new file before renaming it
//! in (see `write_atomic`); a second trios that opened the old file sees, once it
//! holds that file's lock, that the path names another file now, and looks again.

use std::fs::{File, OpenOptions, TryLockError};
use std::io;
use std::path::Path;

use super::RecordError;

/// How many times [`lock`] looks again when the file at the path was replaced under it.
const ATTEMPTS: usize = 16;

/// What is at a record's path, checked without following a symbolic link.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Found {
    /// Nothing: the record will be a new file.
    Nothing,
    /// A regular file of this many bytes.
    File(u64),
}

/// What is at `path`: nothing or a regular file; anything else is refused with a message that
/// says what it is and what is wanted instead.
pub fn check(path: &Path) -> Result<Found, RecordError> {
    let name = path.display().to_string();
    let meta = match std::fs::symlink_metadata(path) {
        Ok(meta) => meta,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Found::Nothing),
        Err(source) => return Err(RecordError::Read { path: name, source }),
    };
    let kind = meta.file_type();
    if kind.is_symlink() {
        return Err(RecordError::Link { path: name });
    }
    if kind.is_dir() {
        return Err(RecordError::Folder { path: name });
    }
    if !kind.is_file() {
        return Err(RecordError::NotAFile {
            path: name,
            kind: crate::input_file::file_kind(&meta),
        });
    }
    Ok(Found::File(meta.len()))
}

/// Takes the record file at `path` for this process: creates it empty when nothing is there,
/// then locks it. Refused when the path is not a regular file, or when another trios holds
/// the lock (it is recording into that file now). The lock lasts while the file is open.
pub fn lock(path: &Path) -> Result<File, RecordError> {
    lock_as(path, true)
}

/// [`lock`] for a record that must already exist (one being continued): nothing is created.
pub fn lock_existing(path: &Path) -> Result<File, RecordError> {
    lock_as(path, false)
}

fn lock_as(path: &Path, create: bool) -> Result<File, RecordError> {
    let name = path.display().to_string();
    let write_error = |source: io::Error| RecordError::Write {
        path: name.clone(),
        source: super::in_folder(path, source),
    };
    for _ in 0..ATTEMPTS {
        let file = match check(path)? {
            // `create_new` never follows a link and fails if anything appeared meanwhile.
            Found::Nothing if !create => {
                return Err(RecordError::Read {
                    path: name,
                    source: io::Error::from(io::ErrorKind::NotFound),
                });
            }
            Found::Nothing => match OpenOptions::new().write(true).create_new(true).open(path) {
                Ok(file) => file,
                Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
                Err(e) => return Err(write_error(e)),
            },
            Found::File(_) => match open_existing(path) {
                Ok(file) => file,
                Err(e) if e.kind() == io::ErrorKind::NotFound => continue,
                Err(e) => return Err(write_error(e)),
            },
        };
        let meta = file.metadata().map_err(write_error)?;
        if !meta.is_file() {
            // Swapped for something else between the look and the open.
            continue;
        }
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => return Err(RecordError::InUse { path: name }),
            Err(TryLockError::Error(e)) => return Err(write_error(e)),
        }
        if same_file(path, &meta) {
            return Ok(file);
        }
    }
    Err(RecordError::InUse { path: name })
}

/// Whether another trios holds the lock of the record file at `path` now.
pub fn in_use(path: &Path) -> bool {
    let Ok(file) = open_existing(path) else {
        return false;
    };
    matches!(file.try_lock(), Err(TryLockError::WouldBlock))
}

/// Opens an existing file for locking only: never through a symbolic link, and without
/// waiting (a FIFO put there meanwhile would otherwise block the open).
fn open_existing(path: &Path) -> io::Result<File> {
    let mut options = OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use rustix::fs::OFlags;
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags((OFlags::NOFOLLOW | OFlags::NONBLOCK).bits() as i32);
    }
    options.open(path)
}

/// Whether `path` still names the file whose metadata is `meta`.
fn same_file(path: &Path, meta: &std::fs::Metadata) -> bool {
    let Ok(now) = std::fs::symlink_metadata(path) else {
        return false;
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        now.dev() == meta.dev() && now.ino() == meta.ino()
    }
    #[cfg(not(unix))]
    {
        now.is_file() && meta.is_file()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_on_one_record_is_refused_and_the_first_outlives_a_rename() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("r.json");
        let first = lock(&path).unwrap();
        assert!(matches!(lock(&path), Err(RecordError::InUse { .. })));
        // The writer's way of saving: lock the new file, rename it in, let the old one go.
        let new = dir.path().join("new");
        let next = File::create(&new).unwrap();
        next.try_lock().unwrap();
        std::fs::rename(&new, &path).unwrap();
        drop(first);
        assert!(in_use(&path));
        assert!(matches!(lock(&path), Err(RecordError::InUse { .. })));
        drop(next);
        assert!(!in_use(&path));
        lock(&path).unwrap();
    }
}
