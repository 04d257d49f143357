//! Go-compatible behaviour of gopher-lua (gofmt).
//! Filled in by its owner.
