"""Reading the YAML configuration. The only part of the companion that imports yaml."""
