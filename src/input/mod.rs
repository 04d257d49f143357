//! Reading input files: paths, globs, standard input and YAML/JSON documents.
