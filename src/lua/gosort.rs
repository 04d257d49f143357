//! Go-compatible behaviour of gopher-lua (gosort).
//! Filled in by its owner.
