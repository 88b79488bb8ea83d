#!/bin/sh
# The command recorded for this capture: dd writes 512 KiB blocks with O_DIRECT
# to a file on the virtio disk (/dev/vda) while rt-app runs the task set.
dd if=/dev/zero of=/tmp/rd/ddfile bs=512k count=4000 oflag=direct 2>dd.txt &
dd_pid=$!
rt-app taskset.json
kill $dd_pid 2>/dev/null
wait $dd_pid 2>/dev/null
rm -f /tmp/rd/ddfile
