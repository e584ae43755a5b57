//! The russh handler for one connection: who may log in, which requests are refused, and how
//! a pty session's input and size reach its game thread.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use russh::keys::PublicKey;
use russh::server::{
    Auth, ChannelOpenHandle, Handler, Msg, PublicKeyOffer, Response, Session, VerifiedPublicKey,
};
use russh::{Channel, ChannelId, ChannelOpenFailure, Disconnect, Pty};

use super::session::{GameSpec, InputCount, InputQueue};
use super::startup::Slot;
use super::task;
use super::{Shared, TurnedAway};
use crate::controller::table::{Identity, Proof};
use crate::escape::{escape, escape_short};
use crate::tui::event::Sender;
use crate::tui::input::InputDecoder;
use crate::tui::{Event, Theme};

/// How long an unfinished escape sequence waits for its next bytes before it counts as typed
/// (a lone Esc).
const ESC_WAIT: Duration = Duration::from_millis(30);
/// Frames waiting for a slow client; when full, frames are dropped and redrawn later.
const OUTPUT_QUEUE: usize = 8;
/// How long a client whose game ended has to leave by itself before the connection is
/// closed (a client that does not exit would otherwise stay connected for good).
const LEAVE_WAIT: Duration = Duration::from_secs(1);

/// What a client is told when it asks for something other than a game.
pub const ONLY_INTERACTIVE: &str =
    "trios serves only interactive sessions: connect with ssh -t and no command.\r\n";
const NEEDS_PTY: &str = "trios needs a terminal: connect with ssh -t (a pty), not ssh -T.\r\n";
/// The most characters of a client's user name written to the log (the rest is counted).
const LOGGED_NAME: usize = 64;

/// The size and terminal type from the pty request.
#[derive(Debug, Clone)]
struct PtyInfo {
    term: String,
    size: (u16, u16),
}

/// The running game's input side.
struct GameInput {
    events: Sender<Event>,
    /// Keys, clicks and resizes, bounded.
    input: InputQueue,
    decoder: Arc<Mutex<InputDecoder>>,
    /// Bumped by every data packet, so a pending flush knows newer bytes came.
    generation: Arc<AtomicU64>,
}

/// One connection's state. Created for every accepted TCP connection; `refusal` set means
/// the connection is only let through authentication to be told why it cannot play.
pub struct SshHandler {
    shared: Arc<Shared>,
    /// The connection's number (also its client number at the tables).
    id: u64,
    peer: SocketAddr,
    /// Its place among the connections not yet logged in, until it logs in.
    startup: Option<Slot>,
    /// Set once its game starts; a connection without one is closed after the login grace.
    playing: Arc<AtomicBool>,
    user: String,
    /// The fingerprint of the key the user logged in with, if they used one.
    key: Option<String>,
    refusal: Option<TurnedAway>,
    channel: Option<ChannelId>,
    pty: Option<PtyInfo>,
    game: Option<GameInput>,
}

impl SshHandler {
    pub(super) fn new(
        shared: Arc<Shared>,
        peer: SocketAddr,
        refusal: Option<TurnedAway>,
        startup: Slot,
        playing: Arc<AtomicBool>,
    ) -> SshHandler {
        let id = shared.next_client.fetch_add(1, Ordering::SeqCst) + 1;
        SshHandler {
            shared,
            id,
            peer,
            startup: Some(startup),
            playing,
            user: String::new(),
            key: None,
            refusal,
            channel: None,
            pty: None,
            game: None,
        }
    }

    /// Whether `user` logs in only to hear why they cannot play: their address connects too
    /// often, or the server is full and they hold no place a key of theirs could take back
    /// (a keyed player's client must get to offer its key, so "none" is not taken then).
    fn only_to_hear_refusal(&self, user: &str) -> bool {
        self.refusal.is_some() || (self.shared.full() && !self.shared.keyed_user_playing(user))
    }

    /// Whether any login is accepted for `user`: on an open server, and on a refused
    /// connection (which only logs in to hear why it is refused).
    fn open(&self, user: &str) -> bool {
        self.only_to_hear_refusal(user) || self.shared.authorized_keys.is_none()
    }

    fn allowed(&self, user: &str, key: &PublicKey) -> bool {
        if self.only_to_hear_refusal(user) {
            return true;
        }
        match &self.shared.authorized_keys {
            None => true,
            Some(keys) => keys.iter().any(|k| k.key_data() == key.key_data()),
        }
    }

    fn accept_if(&mut self, user: &str, ok: bool, method: &str) -> Auth {
        if ok {
            self.user = user.to_string();
            Auth::Accept
        } else {
            tracing::info!(
                peer = %self.peer,
                asked_name = %escape_short(user, LOGGED_NAME),
                method,
                "authentication refused"
            );
            Auth::Reject {
                proceed_with_methods: Some(self.shared.methods()),
                partial_success: false,
            }
        }
    }

    fn ours(&self, channel: ChannelId) -> bool {
        self.channel == Some(channel)
    }

    /// Says `message` on the channel, exits with status 1 and closes it. The request itself
    /// is granted, since a client stops reading at a failed request and would never show the
    /// message.
    fn refuse_channel(&self, channel: ChannelId, message: &str, session: &mut Session) {
        let _ = session.channel_success(channel);
        let _ = session.data(channel, message.as_bytes().to_vec());
        let _ = session.exit_status_request(channel, 1);
        let _ = session.eof(channel);
        let _ = session.close(channel);
    }

    /// Starts the game thread and the task that carries its frames to the client.
    fn start_game(&mut self, channel: ChannelId, pty: PtyInfo, session: &mut Session) -> bool {
        let theme = if pty.term == "dumb" {
            Theme::plain()
        } else {
            Theme::colored()
        };
        let count = InputCount::default();
        let (out, mut frames) = tokio::sync::mpsc::channel::<Vec<u8>>(OUTPUT_QUEUE);
        let spec_client = self.id;
        let spec = GameSpec {
            who: Identity {
                user: self.user.clone(),
                proof: match &self.key {
                    Some(fingerprint) => Proof::Key(fingerprint.clone()),
                    None => Proof::Address(self.peer.ip()),
                },
            },
            client: spec_client,
            peer: self.peer,
            size: pty.size,
            input: count.clone(),
            theme,
            shared: self.shared.clone(),
        };
        let events = match task::start(spec, out) {
            Ok(events) => events,
            Err(e) => {
                tracing::error!(peer = %self.peer, "cannot start a game: {e}");
                return false;
            }
        };
        let input = InputQueue::new(events.clone(), count);
        let client = spec_client;
        self.playing.store(true, Ordering::SeqCst);
        crate::ssh::lock(&self.shared.screens).insert(client, events.clone());
        let shared = self.shared.clone();
        let handle = session.handle();
        tokio::spawn(async move {
            let mut delivered = true;
            while let Some(bytes) = frames.recv().await {
                if handle.data(channel, bytes).await.is_err() {
                    delivered = false;
                    break;
                }
            }
            if delivered {
                // The game ended: close the channel, which ends the client's ssh.
                let _ = handle.exit_status_request(channel, 0).await;
                let _ = handle.eof(channel).await;
                let _ = handle.close(channel).await;
            }
            crate::ssh::lock(&shared.screens).remove(&client);
            // One game per connection: once it is over, so is the connection, even for a
            // client that would stay (its place among the games is given back).
            tokio::time::sleep(LEAVE_WAIT).await;
            let _ = handle
                .disconnect(
                    Disconnect::ByApplication,
                    "trios: the game has ended".into(),
                    "en".into(),
                )
                .await;
        });
        self.game = Some(GameInput {
            events,
            input,
            decoder: Arc::new(Mutex::new(InputDecoder::new())),
            generation: Arc::new(AtomicU64::new(0)),
        });
        true
    }

    fn stop_game(&mut self) {
        if let Some(game) = self.game.take() {
            let _ = game.events.send(Event::Terminate);
        }
    }
}

impl Drop for SshHandler {
    fn drop(&mut self) {
        // The connection is gone: the game thread ends instead of waiting for input, and its
        // place among the games is given back.
        self.stop_game();
        self.shared.leave_place(self.id);
    }
}

impl Handler for SshHandler {
    type Error = russh::Error;

    async fn auth_none(&mut self, user: &str) -> Result<Auth, Self::Error> {
        if self.only_to_hear_refusal(user) {
            return Ok(self.accept_if(user, true, "none"));
        }
        // Even an open server asks for more than nothing, so a client with a key offers it
        // (the key is what lets a dropped player take their seat back). A client without
        // one gets in by keyboard-interactive, which asks no questions.
        Ok(Auth::Reject {
            proceed_with_methods: Some(self.shared.methods()),
            partial_success: false,
        })
    }

    async fn auth_password(&mut self, user: &str, _password: &str) -> Result<Auth, Self::Error> {
        let open = self.open(user);
        Ok(self.accept_if(user, open, "password"))
    }

    async fn auth_keyboard_interactive<'a>(
        &'a mut self,
        user: &str,
        _submethods: &str,
        _response: Option<Response<'a>>,
    ) -> Result<Auth, Self::Error> {
        let open = self.open(user);
        Ok(self.accept_if(user, open, "keyboard-interactive"))
    }

    async fn auth_publickey_offered(
        &mut self,
        user: &str,
        offer: PublicKeyOffer<'_>,
    ) -> Result<Auth, Self::Error> {
        // Only say yes to keys that would be accepted; the signature is checked next.
        if self.allowed(user, offer.public_key) {
            Ok(Auth::Accept)
        } else {
            Ok(self.accept_if(user, false, "publickey"))
        }
    }

    async fn auth_publickey(
        &mut self,
        user: &str,
        key: VerifiedPublicKey<'_>,
    ) -> Result<Auth, Self::Error> {
        let ok = self.allowed(user, key.public_key);
        if ok {
            self.key = Some(key.public_key.fingerprint(Default::default()).to_string());
        }
        Ok(self.accept_if(user, ok, "publickey"))
    }

    async fn authentication_banner(&mut self) -> Result<Option<String>, Self::Error> {
        let open = self.refusal.is_some() || self.shared.authorized_keys.is_none();
        Ok((!open).then(|| {
            "trios: this server admits only the public keys it was given.\r\n".to_string()
        }))
    }

    async fn auth_succeeded(&mut self, session: &mut Session) -> Result<(), Self::Error> {
        // Logged in: no longer among the unfinished logins.
        self.startup = None;
        if self.refusal.is_none() {
            let taken =
                self.shared
                    .take_place(self.id, &self.user, self.key.as_deref(), session.handle());
            self.refusal = taken.err();
        }
        match &self.refusal {
            Some(turned) => {
                // Logged as text, as before the reason had a type.
                let reason = turned.to_string();
                tracing::info!(
                    peer = %self.peer,
                    asked_name = %escape_short(&self.user, LOGGED_NAME),
                    reason,
                    "connection refused"
                );
                session.disconnect(Disconnect::TooManyConnections, &reason, "en")?;
            }
            // The name the client asked for, which proves nothing: who the player is is
            // logged once the store has answered ("signed in").
            None => tracing::info!(
                peer = %self.peer,
                asked_name = %escape_short(&self.user, LOGGED_NAME),
                "logged in"
            ),
        }
        Ok(())
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.channel.is_some() || self.refusal.is_some() {
            // One game per connection.
            tracing::info!(peer = %self.peer, "second session channel refused");
            reply
                .reject(ChannelOpenFailure::AdministrativelyProhibited)
                .await;
            return Ok(());
        }
        self.channel = Some(channel.id());
        // Input arrives through `data`; the channel's own stream is not needed.
        drop(channel);
        reply.accept().await;
        Ok(())
    }

    async fn channel_open_direct_tcpip(
        &mut self,
        _channel: Channel<Msg>,
        host: &str,
        port: u32,
        _originator_address: &str,
        _originator_port: u32,
        reply: ChannelOpenHandle,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        tracing::info!(peer = %self.peer, host = %escape(host), port, "port forwarding refused");
        reply
            .reject(ChannelOpenFailure::Other {
                code: 1,
                reason: "trios does not forward ports".into(),
            })
            .await;
        Ok(())
    }

    async fn pty_request(
        &mut self,
        channel: ChannelId,
        term: &str,
        cols: u32,
        rows: u32,
        _pix_width: u32,
        _pix_height: u32,
        _modes: &[(Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.ours(channel) && self.game.is_none() {
            self.pty = Some(PtyInfo {
                term: term.to_string(),
                size: super::session::screen_size(cols, rows),
            });
            session.channel_success(channel)?;
        } else {
            session.channel_failure(channel)?;
        }
        Ok(())
    }

    async fn shell_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        if !self.ours(channel) || self.game.is_some() {
            session.channel_failure(channel)?;
            return Ok(());
        }
        let Some(pty) = self.pty.clone() else {
            tracing::info!(peer = %self.peer, "session without a pty refused");
            self.refuse_channel(channel, NEEDS_PTY, session);
            return Ok(());
        };
        if self.start_game(channel, pty, session) {
            session.channel_success(channel)?;
        } else {
            self.refuse_channel(
                channel,
                "trios: the server cannot start a game now.\r\n",
                session,
            );
        }
        Ok(())
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        data: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        tracing::info!(
            peer = %self.peer,
            command = %escape_short(&String::from_utf8_lossy(data), 200),
            "exec refused"
        );
        self.refuse_channel(channel, ONLY_INTERACTIVE, session);
        Ok(())
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        name: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        tracing::info!(peer = %self.peer, name = %escape(name), "subsystem refused");
        // A subsystem client (sftp) reads a protocol, not text: fail the request plainly.
        session.channel_failure(channel)?;
        session.close(channel)?;
        Ok(())
    }

    async fn x11_request(
        &mut self,
        channel: ChannelId,
        _single_connection: bool,
        _x11_auth_protocol: &str,
        _x11_auth_cookie: &str,
        _x11_screen_number: u32,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        tracing::info!(peer = %self.peer, "X11 forwarding refused");
        session.channel_failure(channel)?;
        Ok(())
    }

    async fn agent_request(
        &mut self,
        _channel: ChannelId,
        _session: &mut Session,
    ) -> Result<bool, Self::Error> {
        tracing::info!(peer = %self.peer, "agent forwarding refused");
        Ok(false)
    }

    async fn tcpip_forward(
        &mut self,
        address: &str,
        port: &mut u32,
        _session: &mut Session,
    ) -> Result<bool, Self::Error> {
        tracing::info!(
            peer = %self.peer,
            address = %escape(address),
            port = *port,
            "remote forwarding refused"
        );
        Ok(false)
    }

    async fn window_change_request(
        &mut self,
        channel: ChannelId,
        cols: u32,
        rows: u32,
        _pix_width: u32,
        _pix_height: u32,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if !self.ours(channel) {
            return Ok(());
        }
        let size = super::session::screen_size(cols, rows);
        if let Some(pty) = &mut self.pty {
            pty.size = size;
        }
        if let Some(game) = &self.game {
            game.input.send(Event::Resize(size.0, size.1));
        }
        Ok(())
    }

    async fn data(
        &mut self,
        channel: ChannelId,
        data: &[u8],
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if !self.ours(channel) {
            return Ok(());
        }
        let Some(game) = &self.game else {
            return Ok(());
        };
        let generation = game.generation.fetch_add(1, Ordering::SeqCst) + 1;
        let parsed = match game.decoder.lock() {
            Ok(mut decoder) => {
                let parsed = decoder.feed(data);
                if decoder.take_dropped() {
                    game.input.note_dropped();
                }
                parsed
            }
            Err(_) => return Ok(()),
        };
        // Beyond what the queue holds, input is dropped (and the player told).
        for event in parsed {
            game.input.send(event);
        }
        // If the packet left an unfinished sequence (or a lone Esc), settle it unless more
        // bytes come first.
        let (decoder, counter, input) = (
            game.decoder.clone(),
            game.generation.clone(),
            game.input.clone(),
        );
        tokio::spawn(async move {
            tokio::time::sleep(ESC_WAIT).await;
            if counter.load(Ordering::SeqCst) != generation {
                return;
            }
            let settled = match decoder.lock() {
                Ok(mut decoder) => decoder.flush(),
                Err(_) => return,
            };
            for event in settled {
                input.send(event);
            }
        });
        Ok(())
    }

    async fn channel_eof(
        &mut self,
        channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.ours(channel) {
            self.stop_game();
        }
        Ok(())
    }

    async fn channel_close(
        &mut self,
        channel: ChannelId,
        _session: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.ours(channel) {
            self.stop_game();
        }
        Ok(())
    }
}
