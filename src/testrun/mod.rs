//! `kinterp test`: declarative test cases, comparison and reports.
