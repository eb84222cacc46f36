#!/usr/bin/env bash
# System packages the browser tests and audio processing need, from Debian's packages.
# Playwright's own browser download is never used: it cannot be fetched on these machines.
set -euo pipefail
# fonts-liberation: Chromium draws native controls (the audio player) in Arial, which is Liberation
# Sans here; without it DejaVu stands in and those screenshots differ from their baselines.
packages=(chromium ffmpeg espeak-ng fonts-dejavu-core fonts-liberation)
missing=()
for p in "${packages[@]}"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
  echo "Please install: ${missing[*]} (or set CHROMIUM_PATH to a Chromium build)" >&2
  exit 1
fi
echo "Installing ${missing[*]} …"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
