//! Command-line definitions (clap) and the subcommand drivers.
