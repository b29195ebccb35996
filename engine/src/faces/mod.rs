//! The text faces of a game and the registry: the layer that turns a game into something the
//! protocol can hold by name (`AnyGame`), and the only layer that sees both games and search.

pub mod hidden_session;
pub mod registry;
pub mod session;
pub mod solo;
pub mod variant;
