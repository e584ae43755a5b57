//! Who a connection is: the account its key belongs to, a new account made at the first
//! login, a key linked to an account by a one-time code, or a guest.
//!
//! Wrong codes are counted by address and by key, so nobody can try codes at speed.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use rand::RngExt;
use sha2::{Digest, Sha256};

use crate::controller::table::{Identity, Proof};
use crate::games::GameKind;
use crate::store::worker::{StoreService, now};
use crate::store::{Account, StoreError, handle};

/// How long a store question at login may take before the player goes on as a guest.
pub const LOGIN_WAIT: Duration = Duration::from_secs(3);
/// A link code's length and life.
pub const CODE_LEN: usize = 8;
pub const CODE_LIFE_SECS: i64 = 600;
/// Characters of a code: no 0/O, 1/I/L, so a code read aloud is typed right.
const CODE_ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";
/// Wrong codes allowed from one address, or with one key, in ten minutes.
pub const WRONG_CODES: usize = 5;
const TRY_WINDOW: Duration = Duration::from_secs(600);
/// The most addresses and keys whose wrong tries are remembered.
const TRIES_KEPT: usize = 4096;

/// The names no account may take besides `guest` and `computer`: every computer player's
/// and level's.
pub fn reserved_names() -> Vec<String> {
    let mut names: Vec<String> = GameKind::all()
        .flat_map(|g| g.opponents())
        .map(str::to_string)
        .collect();
    names.sort();
    names.dedup();
    names
}

/// What the store says of a connection's key.
pub enum Lookup {
    /// The key's account.
    Known(Account),
    /// A key the store has not seen: the player may sign up.
    New,
    /// The account is banned.
    Banned(Account),
    /// No key, or no store: a guest.
    Guest,
    /// The store did not answer (or cannot be trusted): a guest this time; why, for the
    /// log, and what the player is told.
    Unavailable { why: String, words: &'static str },
}

/// What a player is told when the store gave no answer in time.
pub const AWAY: &str = "The players database is away right now";

/// Looks up the account of `who`'s key in `store` itself (on a store thread).
pub fn look_up(store: &dyn crate::store::Store, who: &Identity) -> Lookup {
    let Proof::Key(fingerprint) = &who.proof else {
        return Lookup::Guest;
    };
    match store.account_by_key(fingerprint) {
        Ok(Some(account)) if account.banned => Lookup::Banned(account),
        Ok(Some(account)) => Lookup::Known(account),
        Ok(None) => Lookup::New,
        Err(e) => Lookup::Unavailable {
            why: e.to_string(),
            words: e.for_players(),
        },
    }
}

/// `who` as the account holder: their handle, and their account as proof.
pub fn as_account(account: &Account, from: IpAddr) -> Identity {
    Identity {
        user: account.handle.clone(),
        proof: Proof::Account {
            id: account.id,
            from,
        },
    }
}

/// Makes an account called `handle` with the key `fingerprint`.
pub fn sign_up(
    store: &StoreService,
    reserved: &[String],
    handle: &str,
    fingerprint: &str,
) -> Result<Account, String> {
    handle::check(handle, reserved).map_err(|e| e.to_string())?;
    let (handle, fingerprint) = (handle.to_string(), fingerprint.to_string());
    store
        .ask(LOGIN_WAIT, move |s| {
            s.create_account(&handle, &fingerprint, now())
        })
        .map_err(|e| match e {
            StoreError::HandleTaken(h) => format!("{h:?} is taken; choose another handle"),
            other => other.to_string(),
        })
}

/// A fresh link code for `account`, kept (hashed) for ten minutes.
pub fn new_link_code(store: &StoreService, account: i64) -> Result<String, StoreError> {
    let mut rng = rand::rng();
    let code: String = (0..CODE_LEN)
        .map(|_| char::from(CODE_ALPHABET[rng.random_range(0..CODE_ALPHABET.len())]))
        .collect();
    let hash = code_hash(&code);
    store.ask(LOGIN_WAIT, move |s| {
        s.put_link_code(account, &hash, now() + CODE_LIFE_SECS)
    })?;
    Ok(code)
}

/// The form a code is kept in: the hash of its canonical spelling (capitals, no spaces or
/// dashes), so a stolen database holds no usable code.
pub fn code_hash(code: &str) -> String {
    let canonical: String = code
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .flat_map(char::to_uppercase)
        .collect();
    let digest = Sha256::digest(canonical.as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// Wrong link codes by address and by key, in a sliding window.
#[derive(Default)]
pub struct LinkTries {
    wrong: Mutex<HashMap<String, VecDeque<Instant>>>,
}

impl LinkTries {
    /// Whether a try from `ip` with key `fingerprint` may go ahead now.
    pub fn may_try(&self, ip: IpAddr, fingerprint: &str, at: Instant) -> bool {
        let mut wrong = self.wrong.lock().unwrap_or_else(|e| e.into_inner());
        [format!("ip {ip}"), format!("key {fingerprint}")]
            .iter()
            .all(|k| {
                let times = wrong.entry(k.clone()).or_default();
                while times.front().is_some_and(|t| at - *t >= TRY_WINDOW) {
                    times.pop_front();
                }
                times.len() < WRONG_CODES
            })
    }

    /// Counts a wrong code from `ip` with key `fingerprint`.
    pub fn wrong(&self, ip: IpAddr, fingerprint: &str, at: Instant) {
        let mut wrong = self.wrong.lock().unwrap_or_else(|e| e.into_inner());
        if wrong.len() > TRIES_KEPT {
            wrong.retain(|_, times| times.back().is_some_and(|t| at - *t < TRY_WINDOW));
        }
        for k in [format!("ip {ip}"), format!("key {fingerprint}")] {
            wrong.entry(k).or_default().push_back(at);
        }
    }
}

/// Links the key `fingerprint` to the account that made `code`, within the limits on wrong
/// codes.
pub fn link(
    store: &StoreService,
    tries: &LinkTries,
    ip: IpAddr,
    fingerprint: &str,
    code: &str,
) -> Result<Account, String> {
    let at = Instant::now();
    if !tries.may_try(ip, fingerprint, at) {
        return Err(format!(
            "Too many wrong codes: wait {} minutes and try again",
            TRY_WINDOW.as_secs() / 60
        ));
    }
    let hash = code_hash(code);
    let key = fingerprint.to_string();
    let linked = store.ask(LOGIN_WAIT, move |s| {
        let Some(id) = s.take_link_code(&hash, now())? else {
            return Ok(None);
        };
        s.add_key(id, &key, now())?;
        s.account(id)
    });
    match linked {
        Ok(Some(account)) => Ok(account),
        Ok(None) => {
            tries.wrong(ip, fingerprint, at);
            Err("That code is wrong or has expired: show a new one on your profile".into())
        }
        Err(e) => Err(e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_compared_in_one_spelling() {
        assert_eq!(code_hash("ab2c-d3ef"), code_hash("AB2CD3EF"));
        assert_eq!(code_hash(" ab2c d3ef "), code_hash("AB2CD3EF"));
        assert_ne!(code_hash("AB2CD3EF"), code_hash("AB2CD3EG"));
        assert_eq!(code_hash("x").len(), 64);
    }

    #[test]
    fn wrong_codes_are_limited_by_address_and_by_key() {
        let tries = LinkTries::default();
        let ip: IpAddr = [10, 0, 0, 1].into();
        let other: IpAddr = [10, 0, 0, 2].into();
        let at = Instant::now();
        for _ in 0..WRONG_CODES {
            assert!(tries.may_try(ip, "SHA256:a", at));
            tries.wrong(ip, "SHA256:a", at);
        }
        assert!(!tries.may_try(ip, "SHA256:b", at), "the address is spent");
        assert!(!tries.may_try(other, "SHA256:a", at), "the key is spent");
        assert!(tries.may_try(other, "SHA256:b", at));
        assert!(tries.may_try(ip, "SHA256:a", at + TRY_WINDOW));
    }

    #[test]
    fn computer_players_names_are_reserved() {
        let names = reserved_names();
        assert!(names.iter().any(|n| n == "expert"), "{names:?}");
        assert!(handle::check("Expert", &names).is_err());
    }
}
