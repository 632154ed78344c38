"""The image's recipe (scripts/build-image.sh, image/): its file lists agree with each other
and with the rest of the repository, checked without building anything (`make image` takes
minutes to an hour; these take milliseconds)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from companion import cli
from companion.config.bootsettings import BOOT_FILE

REPO = Path(__file__).resolve().parents[2]
IMAGE = REPO / "image"
BUILD = (REPO / "scripts" / "build-image.sh").read_text()
ROOTFS = IMAGE / "rootfs"


def packages() -> list[str]:
    lines = (IMAGE / "packages.txt").read_text().splitlines()
    return [line.split("#")[0].strip() for line in lines if line.split("#")[0].strip()]


def app_packages() -> list[str]:
    """install.sh's APT_PACKAGES, read the way build-image.sh reads them."""
    snippet = re.search(r"mapfile -t APP_PACKAGES < <\(bash -c '(.*?)' _ ", BUILD, re.S)
    assert snippet, "build-image.sh no longer reads install.sh's list"
    out = subprocess.run(["bash", "-c", snippet[1], "_", str(REPO / "scripts" / "install.sh")],
                         capture_output=True, text=True, check=True).stdout
    return out.split()


def test_the_base_has_what_boots_a_pi_and_no_package_twice() -> None:
    listed = packages()
    assert len(listed) == len(set(listed))
    for needed in ("raspi-firmware", "linux-image-arm64", "systemd-sysv", "openssh-server",
                   "cloud-guest-utils", "wpasupplicant", "firmware-brcm80211"):
        assert needed in listed
    assert all(re.fullmatch(r"[a-z0-9][a-z0-9+.-]+", p) for p in listed), listed


def test_the_companion_s_packages_come_from_install_sh_only() -> None:
    from_install = app_packages()
    assert "python3-evdev" in from_install and "python3-venv" in from_install
    # Not copied into the image's list: one list, install.sh's.
    assert not set(from_install) & set(packages())


def test_install_sh_is_the_one_install_path() -> None:
    assert "in_root bash /root/src/scripts/install.sh" in BUILD
    assert "pip install" not in BUILD


def test_every_unit_of_the_image_is_enabled_or_a_drop_in() -> None:
    units = sorted(p.name for p in (ROOTFS / "etc/systemd/system").glob("*.service"))
    assert units == ["speicherstadt-companion-boot-settings.service",
                     "speicherstadt-growroot.service"]
    enabled = re.search(r"in_root systemctl enable (.*?)>/dev/null", BUILD, re.S)
    assert enabled
    names = enabled[1].replace("\\\n", " ").replace('"$APP', "speicherstadt-companion")
    for unit in units:
        assert unit in names.replace('"', "")
    assert "in_root systemctl disable ssh.service" in BUILD


def test_the_boot_settings_unit_runs_a_registered_command_on_the_boot_file() -> None:
    unit = (ROOTFS / "etc/systemd/system/speicherstadt-companion-boot-settings.service"
            ).read_text()
    assert "companion.commands.boot_settings" in cli.COMMAND_MODULES
    assert f"apply-boot-settings /boot/firmware/{BOOT_FILE}" in unit
    assert f'"$SRC/image/boot/{BOOT_FILE}" "$ROOT/boot/firmware/{BOOT_FILE}"' in BUILD
    assert "Before=speicherstadt-companion.service" in unit


def test_labels_agree_between_genimage_fstab_and_the_kernel_command_line() -> None:
    layout = (IMAGE / "genimage.cfg.in").read_text()
    fstab = (ROOTFS / "etc/fstab").read_text()
    firmware = (ROOTFS / "etc/default/raspi-firmware").read_text()
    for label, mount in (("RASPIROOT", "/"), ("RASPIFIRM", "/boot/firmware")):
        assert f'label = "{label}"' in layout
        assert re.search(rf"^LABEL={label}\s+{re.escape(mount)}\s", fstab, re.M)
    assert "ROOTPART=LABEL=RASPIROOT" in firmware
    assert 'mountpoint = "/boot/firmware"' in layout


def test_nothing_secret_or_per_machine_is_shipped() -> None:
    for needed in ('rm -f "$ROOT"/etc/ssh/ssh_host_*', ': >"$ROOT/etc/machine-id"',
                   'rm -rf "$ROOT/root/src"'):
        assert needed in BUILD
    keys = (ROOTFS / "etc/systemd/system/ssh.service.d/host-keys.conf").read_text()
    assert keys.index("ssh-keygen -A") < keys.index("sshd -t")
    sshd = (ROOTFS / "etc/ssh/sshd_config.d/speicherstadt.conf").read_text()
    assert "PasswordAuthentication no" in sshd


def test_no_login_prompt_on_the_screen() -> None:
    logind = (ROOTFS / "etc/systemd/logind.conf.d/speicherstadt.conf").read_text()
    assert "NAutoVTs=0" in logind
    install = (REPO / "scripts" / "install.sh").read_text()
    assert "systemctl disable getty@tty1.service" in install


def test_the_image_and_vm_test_outputs_are_not_committed() -> None:
    ignored = (REPO / ".gitignore").read_text().split()
    assert "/*.img.xz" in ignored and "/vm-test-shots/" in ignored


def test_the_unit_draws_with_sdl_s_opengl_es_renderer() -> None:
    # The image has Mesa's EGL and GLES libraries only: SDL's default desktop-GL renderer
    # left the screen black there (make vm-test, docs/image.md); its GLES 2 renderer draws.
    unit = (REPO / "systemd" / "speicherstadt-companion.service").read_text()
    assert "Environment=SDL_RENDER_DRIVER=opengles2" in unit.splitlines()
    assert not {"libgl1", "libgl1-mesa-glx", "libopengl0"} & set(packages() + app_packages())
