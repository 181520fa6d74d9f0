"""Reads `tfc run --print-every 1` output on stdin and checks that the
fetched loss (the line's NAME) is finite at every step and lower at the
last step than at the first. Prints a summary line for FileCheck.

Usage: check_loss.py NAME [BOUND]: with BOUND, also prints whether the
last loss is below it."""

import math
import re
import sys

name = sys.argv[1]
losses = []
pattern = re.compile(r"^step (\d+): %s = f32\[\] (\S+)$" % re.escape(name))
for line in sys.stdin:
    m = pattern.match(line.strip())
    if m:
        losses.append(float(m.group(2)))
if not losses:
    sys.exit("no loss printed")
finite = all(math.isfinite(v) for v in losses)
print("steps %d finite %s first %.6g last %.6g" %
      (len(losses), "yes" if finite else "no", losses[0], losses[-1]))
print("decreased" if finite and losses[-1] < losses[0] else "not decreased")
if len(sys.argv) > 2:
    bound = float(sys.argv[2])
    print("%s %s" % ("below" if losses[-1] < bound else "not below", sys.argv[2]))
print("losses", " ".join("%.6g" % v for v in losses))
