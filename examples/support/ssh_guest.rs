//! A guest on a loopback SSH connection, for the load examples: connect (from a chosen
//! address, if asked), log in without a key, open a pty and a shell.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;

use russh::client::{self, Handle};
use russh::keys::PublicKeyOrCertificate;

/// A client that trusts any host key (the server is our own, on loopback).
pub struct Client;

impl client::Handler for Client {
    type Error = russh::Error;

    async fn check_server_key(
        &mut self,
        _key: &PublicKeyOrCertificate,
    ) -> Result<bool, Self::Error> {
        Ok(true)
    }
}

/// A guest's connection: the SSH handle, its shell's channel, and a clone of the TCP socket
/// to cut the connection without an SSH goodbye.
pub struct Guest {
    pub handle: Handle<Client>,
    pub channel: russh::Channel<client::Msg>,
    pub cut: std::net::TcpStream,
}

/// Connects to `addr` (from `from` when given) as guest `user` with a pty of `cols` x `rows`
/// and a shell; each failure says which step failed.
pub async fn guest(
    addr: SocketAddr,
    from: Option<IpAddr>,
    user: String,
    (cols, rows): (u32, u32),
) -> Result<Guest, String> {
    let socket = tokio::net::TcpSocket::new_v4().map_err(|e| e.to_string())?;
    if let Some(ip) = from {
        socket
            .bind(SocketAddr::new(ip, 0))
            .map_err(|e| format!("bind {ip}: {e}"))?;
    }
    let stream = socket
        .connect(addr)
        .await
        .map_err(|e| format!("connect: {e}"))?;
    stream.set_nodelay(true).map_err(|e| e.to_string())?;
    let std_stream = stream.into_std().map_err(|e| e.to_string())?;
    let cut = std_stream.try_clone().map_err(|e| e.to_string())?;
    let stream = tokio::net::TcpStream::from_std(std_stream).map_err(|e| e.to_string())?;
    let mut handle = client::connect_stream(Arc::new(client::Config::default()), stream, Client)
        .await
        .map_err(|e| format!("handshake: {e}"))?;
    // Without a key: keyboard-interactive, which the server lets through as a guest.
    let auth = handle
        .authenticate_keyboard_interactive_start(user, None::<String>)
        .await
        .map_err(|e| format!("auth: {e}"))?;
    if !matches!(auth, client::KeyboardInteractiveAuthResponse::Success) {
        return Err(format!("auth refused: {auth:?}"));
    }
    let channel = handle
        .channel_open_session()
        .await
        .map_err(|e| format!("channel: {e}"))?;
    channel
        .request_pty(true, "xterm-256color", cols, rows, 0, 0, &[])
        .await
        .map_err(|e| format!("pty: {e}"))?;
    channel
        .request_shell(true)
        .await
        .map_err(|e| format!("shell: {e}"))?;
    Ok(Guest {
        handle,
        channel,
        cut,
    })
}
