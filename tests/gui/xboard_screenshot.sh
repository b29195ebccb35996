#!/usr/bin/env bash
# Screenshot of XBoard playing Tessera against itself in a variant, under Xvfb.
# Usage: tests/gui/xboard_screenshot.sh VARIANT SECONDS OUT.png  (from the repository root,
# after `cargo build --release`; needs xboard, xvfb, x11-apps and imagemagick).
set -euo pipefail
variant=${1:-tches}; wait_s=${2:-8}; out=${3:-docs/img/xboard-$variant.png}
bin=${TESSERA:-$(pwd)/target/release/tessera}
dir=$(mktemp -d)
legal=true; [ "$variant" = normal ] || legal=false
xvfb-run -a -s "-screen 0 1000x760x24" bash -c "
  /usr/games/xboard -variant $variant -fcp '$bin' -scp '$bin' -fd '$dir' -sd '$dir' -mg 1 \
    -st 0:01 -testLegality $legal -saveSettingsOnExit false -settingsFile '$dir/rc' \
    -popupExitMessage false -showThinking true -size 49 > /dev/null 2>&1 &
  pid=\$!
  sleep $wait_s
  xwd -root -silent > '$dir/shot.xwd'
  kill \$pid || true
"
/usr/bin/convert "$dir/shot.xwd" -trim "$out"
rm -rf "$dir"
echo "$out"
