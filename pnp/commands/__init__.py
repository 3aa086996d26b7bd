"""The commands: the CLI and each command that is more than a call into the pipeline."""
