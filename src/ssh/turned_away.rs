//! Why the server turns a connection away: the words the client is sent as it is
//! disconnected, and that the log records.

/// A connection the server will not serve, and why.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TurnedAway {
    /// The address opened more connections within a minute than allowed.
    #[error(
        "trios: too many connections from your address (at most {per_minute} a minute); \
         try again in a minute"
    )]
    TooManyConnections { per_minute: usize },
    /// Every place among the games is taken (and no older connection of the same key holds
    /// one to hand over).
    #[error("trios: the server is full (at most {max} games at once); try again later")]
    Full { max: usize },
}

#[cfg(test)]
mod tests {
    use super::TurnedAway;

    #[test]
    fn the_client_hears_the_same_words() {
        assert_eq!(
            TurnedAway::TooManyConnections { per_minute: 20 }.to_string(),
            "trios: too many connections from your address (at most 20 a minute); \
             try again in a minute"
        );
        assert_eq!(
            TurnedAway::Full { max: 8 }.to_string(),
            "trios: the server is full (at most 8 games at once); try again later"
        );
    }
}
