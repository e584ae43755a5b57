//! Who is at a table, for every kind of table: the places (a person's, kept while they are
//! away; a computer's; an open one), the screens at it and how news reaches them. Duels and
//! races seat people through this, so taking a place back, stepping out, the grace of an
//! absent player, who counts as present, away or watching, and the dismissal of a session
//! whose place moved to a newer one work the same at every table.

use std::time::{Duration, Instant};

use super::audience::{Audience, Teller};
use super::refusal::Refused;
use super::table::{ClientId, Identity, SeatState};

/// Who holds a place; `P` is what a computer place keeps (its name, or a rival's state).
pub(super) enum Occupant<P> {
    Computer(P),
    Open,
    Person {
        who: Identity,
        /// The client sitting here, or `None` while away.
        client: Option<ClientId>,
        /// Since when the place is kept for them while they are away; `None` while they are
        /// there, or once the place is no longer kept (they left a finished match).
        left_at: Option<Instant>,
    },
}

impl<P> Occupant<P> {
    /// A person's place kept for them from `now`, as for someone who stepped out (the opener
    /// before their screen sits down).
    pub(super) fn kept_for(who: Identity, now: Instant) -> Occupant<P> {
        Occupant::Person {
            who,
            client: None,
            left_at: Some(now),
        }
    }
}

/// The places at a table and the screens at it, news of type `N`.
///
/// Invariant: a client holds at most one place, and every client holding one is in the
/// audience.
pub(super) struct Seating<N, P> {
    places: Vec<Occupant<P>>,
    audience: Audience<N>,
    /// How long a place is kept for a person who stepped out; `None`: while the table lasts.
    grace: Option<Duration>,
}

impl<N: Clone, P> Seating<N, P> {
    pub(super) fn new(places: Vec<Occupant<P>>, grace: Option<Duration>) -> Seating<N, P> {
        Seating {
            places,
            audience: Audience::new(),
            grace,
        }
    }

    pub(super) fn places(&self) -> &[Occupant<P>] {
        &self.places
    }

    pub(super) fn places_mut(&mut self) -> &mut [Occupant<P>] {
        &mut self.places
    }

    pub(super) fn push(&mut self, occupant: Occupant<P>) {
        self.places.push(occupant);
    }

    pub(super) fn remove(&mut self, place: usize) {
        if place < self.places.len() {
            self.places.remove(place);
        }
    }

    pub(super) fn swap(&mut self, a: usize, b: usize) {
        self.places.swap(a, b);
    }

    pub(super) fn len(&self) -> usize {
        self.places.len()
    }

    /// The place of `who`, kept or held.
    pub(super) fn own(&self, who: &Identity) -> Option<usize> {
        self.places
            .iter()
            .position(|p| matches!(p, Occupant::Person { who: w, .. } if w == who))
    }

    /// Gives `who` their own `place` back at `client`. A place held by another session moves
    /// only for someone who proves it with their key (the other may be a connection that died
    /// without a word): that session is told `dismissed` and forgotten. Without a key, the
    /// answer is `refused`.
    pub(super) fn take_back(
        &mut self,
        place: usize,
        client: ClientId,
        who: &Identity,
        dismissed: impl FnOnce() -> N,
        refused: impl FnOnce() -> Refused,
    ) -> Result<(), Refused> {
        let Some(Occupant::Person {
            client: slot,
            left_at,
            ..
        }) = self.places.get_mut(place)
        else {
            return Err(Refused::new("the seat is no longer yours"));
        };
        match *slot {
            Some(old) if who.proof.keyed() => {
                self.audience.dismiss(old, dismissed());
            }
            Some(_) => return Err(refused()),
            None => {}
        }
        *slot = Some(client);
        *left_at = None;
        Ok(())
    }

    /// Seats `who` at `client` in `place` (an open one, or a new one pushed by the table).
    pub(super) fn sit(&mut self, place: usize, who: &Identity, client: ClientId) {
        if let Some(occupant) = self.places.get_mut(place) {
            *occupant = Occupant::Person {
                who: who.clone(),
                client: Some(client),
                left_at: None,
            };
        }
    }

    /// The first open place.
    pub(super) fn open_place(&self) -> Option<usize> {
        self.places.iter().position(|p| matches!(p, Occupant::Open))
    }

    /// `client` steps away from its place, which stays theirs (kept from `now` when `keep`);
    /// returns the place and who held it.
    pub(super) fn step_out(
        &mut self,
        client: ClientId,
        keep: bool,
        now: Instant,
    ) -> Option<(usize, Identity)> {
        let place = self.place_of(client)?;
        let Occupant::Person {
            who,
            client: slot,
            left_at,
        } = &mut self.places[place]
        else {
            return None;
        };
        *slot = None;
        *left_at = keep.then_some(now);
        Some((place, who.clone()))
    }

    /// The place `client` holds.
    pub(super) fn place_of(&self, client: ClientId) -> Option<usize> {
        self.places
            .iter()
            .position(|p| matches!(p, Occupant::Person { client: Some(c), .. } if *c == client))
    }

    /// The name of the person in `place`.
    pub(super) fn person_at(&self, place: usize) -> Option<&str> {
        match self.places.get(place)? {
            Occupant::Person { who, .. } => Some(&who.user),
            _ => None,
        }
    }

    /// Each place as the people at the table see it.
    pub(super) fn states(&self) -> Vec<SeatState> {
        self.places
            .iter()
            .map(|p| match p {
                Occupant::Computer(_) => SeatState::Computer,
                Occupant::Open => SeatState::Open,
                Occupant::Person {
                    client: Some(_), ..
                } => SeatState::Present,
                Occupant::Person { client: None, .. } => SeatState::Away,
            })
            .collect()
    }

    /// Whether a person is at the table now.
    pub(super) fn anyone_present(&self) -> bool {
        !self.present().is_empty()
    }

    /// Whether a place is kept for someone away.
    pub(super) fn anyone_away(&self) -> bool {
        !self.away().is_empty()
    }

    /// The people sitting at the table now.
    pub(super) fn present(&self) -> Vec<Identity> {
        self.people(|client, _| client.is_some())
    }

    /// The people whose places are kept while they are away.
    pub(super) fn away(&self) -> Vec<Identity> {
        self.people(|_, left_at| left_at.is_some())
    }

    fn people(&self, test: impl Fn(Option<ClientId>, Option<Instant>) -> bool) -> Vec<Identity> {
        self.places
            .iter()
            .filter_map(|p| match p {
                Occupant::Person {
                    who,
                    client,
                    left_at,
                } if test(*client, *left_at) => Some(who.clone()),
                _ => None,
            })
            .collect()
    }

    /// When the first kept place's grace runs out.
    pub(super) fn grace_ends(&self) -> Option<Instant> {
        let grace = self.grace?;
        self.places
            .iter()
            .filter_map(|p| match p {
                Occupant::Person {
                    left_at: Some(left),
                    ..
                } => Some(*left + grace),
                _ => None,
            })
            .min()
    }

    /// The first person whose grace is over by `now`.
    pub(super) fn expired(&self, now: Instant) -> Option<&Identity> {
        let grace = self.grace?;
        self.places.iter().find_map(|p| match p {
            Occupant::Person {
                who,
                left_at: Some(left),
                ..
            } if now >= *left + grace => Some(who),
            _ => None,
        })
    }

    /// How many screens at the table hold no place.
    pub(super) fn watchers(&self) -> usize {
        self.audience
            .ids()
            .filter(|&id| self.place_of(id).is_none())
            .count()
    }

    /// A screen joins the audience.
    pub(super) fn hear(&mut self, client: ClientId, tell: Teller<N>) {
        self.audience.join(client, tell);
    }

    /// A screen leaves the audience.
    pub(super) fn forget(&mut self, client: ClientId) {
        self.audience.leave(client);
    }

    /// Tells `client` alone.
    pub(super) fn tell(&self, client: ClientId, news: N) {
        self.audience.tell(client, news);
    }

    /// Tells everyone (a screen that is gone is forgotten).
    pub(super) fn broadcast(&mut self, news: N) {
        self.audience.broadcast(news);
    }

    pub(super) fn broadcast_except(&self, client: ClientId, news: N) {
        self.audience.broadcast_except(client, news);
    }

    /// Tells each screen the news `news_for` makes for it from its place.
    pub(super) fn each(&mut self, news_for: impl Fn(Option<usize>) -> N) {
        let places: Vec<(ClientId, Option<usize>)> = self
            .audience
            .ids()
            .map(|id| (id, self.place_of(id)))
            .collect();
        self.audience.each(|id| {
            let place = places.iter().find(|(c, _)| *c == id).and_then(|(_, p)| *p);
            news_for(place)
        });
    }
}
