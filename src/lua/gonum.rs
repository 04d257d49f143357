//! Go-compatible behaviour of gopher-lua (gonum).
//! Filled in by its owner.
