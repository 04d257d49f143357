//! Typed errors of the engine and the exit code each one maps to.
//! The binary turns them into messages on standard error.

/// An error that ends a kinterp command.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Bad command-line usage: exit 2.
    #[error("{0}")]
    Usage(String),
    /// An unreadable, undecodable or unsuitable input file: exit 2.
    #[error("{0}")]
    Input(String),
    /// A script or operation failed: exit 1.
    #[error("{0}")]
    Failed(String),
}

impl Error {
    /// The process exit code for this error.
    pub fn exit_code(&self) -> i32 {
        match self {
            Error::Usage(_) | Error::Input(_) => 2,
            Error::Failed(_) => 1,
        }
    }
}
