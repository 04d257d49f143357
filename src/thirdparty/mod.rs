//! Bundled customizations for popular third-party kinds, embedded at build time.
