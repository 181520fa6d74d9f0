"""The negative log-likelihood of a linear-chain CRF
(tf.contrib.crf.crf_log_likelihood), computed independently from the
unary scores and the transition matrix a `tfc run` printed.

Usage: crf_log_likelihood.py LABELS LENGTH < run-output
  LABELS  the tags of the one sequence, comma separated
  LENGTH  its length (the steps after it are padding)
Reads `proj/Reshape_1` (f32[1,T,K]), `transitions` (f32[K,K]) and `Mean`
(tfc's loss) and prints both losses and whether they agree to 1e-4.
"""
import re
import sys

import numpy as np


def grab(text, name):
    m = re.search(re.escape(name) + r" = f32\[([^\]]*)\] (.*)", text)
    dims = [int(d) for d in m.group(1).split(",")] if m.group(1) else []
    vals = re.findall(r"-?[0-9.]+(?:e[-+]?[0-9]+)?", m.group(2))
    return np.array([float(v) for v in vals]).reshape(dims)


def logsumexp(x, axis=None):
    top = np.max(x, axis=axis, keepdims=True)
    out = np.log(np.sum(np.exp(x - top), axis=axis, keepdims=True)) + top
    return np.squeeze(out, axis=axis) if axis is not None else out.item()


text = sys.stdin.read()
labels = [int(v) for v in sys.argv[1].split(",")]
length = int(sys.argv[2])
unary = grab(text, "proj/Reshape_1")[0][:length]
transitions = grab(text, "transitions")
loss = float(grab(text, "Mean"))

# The score of the labelled path, and the log of the sum over all paths by
# the forward algorithm.
score = sum(unary[t, labels[t]] for t in range(length))
score += sum(transitions[labels[t - 1], labels[t]] for t in range(1, length))
alpha = unary[0]
for t in range(1, length):
    alpha = logsumexp(alpha[:, None] + transitions, axis=0) + unary[t]
reference = logsumexp(alpha) - score

agree = abs(reference - loss) <= 1e-4 * max(1.0, abs(reference))
print("reference %.4f tfc %.4f %s" % (reference, loss,
                                      "agree" if agree else "DISAGREE"))
