//! The screens at a race table and how its news reaches them: to one, to all, or to each
//! its own version (a list of players that says which one is theirs).

use super::table::ClientId;

/// How news of type `N` reaches one client; returns `false` once the client is gone.
pub type Teller<N> = Box<dyn Fn(N) -> bool + Send>;

/// The clients at a table, in the order they came.
pub(super) struct Audience<N> {
    clients: Vec<(ClientId, Teller<N>)>,
}

impl<N: Clone> Audience<N> {
    pub(super) fn new() -> Audience<N> {
        Audience {
            clients: Vec::new(),
        }
    }

    pub(super) fn join(&mut self, client: ClientId, tell: Teller<N>) {
        self.clients.push((client, tell));
    }

    pub(super) fn leave(&mut self, client: ClientId) {
        self.clients.retain(|(id, _)| *id != client);
    }

    /// Tells `client` alone.
    pub(super) fn tell(&self, client: ClientId, news: N) {
        if let Some((_, tell)) = self.clients.iter().find(|(id, _)| *id == client) {
            let _ = tell(news);
        }
    }

    /// Tells `client` one last thing and forgets it (another session took its place).
    pub(super) fn dismiss(&mut self, client: ClientId, news: N) {
        self.tell(client, news);
        self.leave(client);
    }

    /// Tells everyone. A client whose channel is gone has left; its leave is on the way.
    pub(super) fn broadcast(&mut self, news: N) {
        self.clients.retain(|(_, tell)| tell(news.clone()));
    }

    pub(super) fn broadcast_except(&self, client: ClientId, news: N) {
        for (_, tell) in self.clients.iter().filter(|(id, _)| *id != client) {
            let _ = tell(news.clone());
        }
    }

    /// Tells each client the news `news_for` makes for it.
    pub(super) fn each(&mut self, news_for: impl Fn(ClientId) -> N) {
        self.clients.retain(|(id, tell)| tell(news_for(*id)));
    }

    /// The clients, in order.
    pub(super) fn ids(&self) -> impl Iterator<Item = ClientId> + '_ {
        self.clients.iter().map(|(id, _)| *id)
    }
}
