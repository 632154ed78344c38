"""One module per subcommand of the command line (see `companion.cli`)."""
