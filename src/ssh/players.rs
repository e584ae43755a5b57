//! The players screen's data over SSH: leaderboards and profiles read from the store, off the
//! session's thread, each answer waited for at most a moment.

use std::time::Duration;

use super::account;
use crate::store::worker::{StoreService, now};
use crate::store::{AccountId, TOP};
use crate::tui::players::{
    GUESTS_HAVE_NO_PROFILE, Leaderboard, PlayerSource, Profile, ProfileRating, Whose,
};

/// How long a screen waits for the store before saying it is slow.
const WAIT: Duration = Duration::from_secs(2);
/// Ratings in a profile's sparkline.
const HISTORY: usize = 60;
/// Games in a profile.
const RECENT: usize = 20;

/// The store as the players screen sees it, for the viewer `me` (a guest has no account).
pub struct StoreSource {
    pub store: StoreService,
    pub me: Option<AccountId>,
    /// The replay screen of a recorded game, as the registry gives it.
    pub replay: fn(&std::path::Path) -> Result<crate::tui::Opening, String>,
}

fn words(e: crate::store::StoreError) -> String {
    format!("Cannot read the players database: {e}")
}

impl PlayerSource for StoreSource {
    fn leaderboard(&mut self, group: &str) -> Result<Leaderboard, String> {
        let (group, me) = (group.to_string(), self.me);
        self.store
            .ask(WAIT, move |s| {
                let params = crate::store::LICHESS;
                let t = now();
                let rows = s.top(&group, t, TOP, &params)?;
                let mut mine = None;
                if let Some(me) = me
                    && !rows.iter().any(|r| r.account == me)
                    && let Some(rank) = s.rank(me, &group, t, &params)?
                    && let Some(account) = s.account(me)?
                    && let Some(r) = s.ratings(me)?.into_iter().find(|r| r.group == group)
                {
                    let now_rating = r.as_of(t, &params);
                    mine = Some(crate::store::Standing {
                        rank,
                        handle: account.handle,
                        account: me,
                        rating: now_rating.rating,
                        deviation: now_rating.deviation,
                        games: r.games,
                    });
                }
                Ok(Leaderboard { rows, mine })
            })
            .map_err(words)
    }

    fn profile(&mut self, whose: &Whose) -> Result<Profile, String> {
        let (asked, me) = (whose.clone(), self.me);
        let absent = match whose {
            Whose::Account(_) => "That player's account is gone".to_string(),
            Whose::Typed(handle) => format!("No player is called {handle:?}"),
            Whose::Guest => return Err(GUESTS_HAVE_NO_PROFILE.into()),
        };
        self.store
            .ask(WAIT, move |s| {
                let params = crate::store::LICHESS;
                let t = now();
                let found = match &asked {
                    Whose::Account(id) => s.account(*id)?,
                    Whose::Typed(handle) => s.account_by_handle(handle)?,
                    Whose::Guest => None,
                };
                let Some(account) = found else {
                    return Ok(None);
                };
                let mut ratings = Vec::new();
                for r in s.ratings(account.id)? {
                    ratings.push(ProfileRating {
                        rank: s.rank(account.id, &r.group, t, &params)?,
                        history: s.rating_history(account.id, &r.group, HISTORY)?,
                        rating: r.as_of(t, &params),
                        group: r.group,
                        games: r.games,
                        wins: r.wins,
                        losses: r.losses,
                        draws: r.draws,
                    });
                }
                let own = me == Some(account.id);
                Ok(Some(Profile {
                    keys: if own { s.keys(account.id)? } else { Vec::new() },
                    games: s.games(account.id, RECENT)?,
                    account: Some(account.id),
                    handle: account.handle,
                    own,
                    ratings,
                    ..Profile::default()
                }))
            })
            .map_err(words)?
            .ok_or(absent)
    }

    fn link_code(&mut self) -> Result<String, String> {
        let me = self.me.ok_or("Guests have no account to link a key to")?;
        account::new_link_code(&self.store, me).map_err(words)
    }

    fn replay(&mut self, record: &str) -> Result<crate::tui::Opening, String> {
        (self.replay)(std::path::Path::new(record))
    }

    fn remove_key(&mut self, fingerprint: &str) -> Result<(), String> {
        let me = self.me.ok_or("Guests have no keys here")?;
        let fingerprint = fingerprint.to_string();
        self.store
            .ask(WAIT, move |s| s.remove_key(me, &fingerprint))
            .map_err(|e| match e {
                crate::store::StoreError::LastKey => {
                    "That is your only key: link another before removing it".to_string()
                }
                other => words(other),
            })
    }
}
