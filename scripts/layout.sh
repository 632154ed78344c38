# shellcheck shell=bash
# Where the companion is installed. Sourced by install.sh and uninstall.sh, so
# uninstall removes exactly what install lays down.
# shellcheck disable=SC2034  # each script uses its own part of the layout
APP=speicherstadt-companion
OPT=/opt/$APP
VENV=$OPT/venv
CONF_DIR=/etc/$APP
STATE_DIR=/var/lib/$APP
UNIT_DIR=/etc/systemd/system
UDEV_DIR=/etc/udev/rules.d
BIN_LINK=/usr/local/bin/$APP
UDEV_RULE=99-speicherstadt-reader.rules
