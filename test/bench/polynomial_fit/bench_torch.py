"""Times one training step of the polynomial fit in PyTorch: the guide's
model (w: [3, 1], f = [x^2, x, 1], yhat = f @ w, loss = l2_loss(yhat - y)
+ 0.1 * l2_loss(w)) with torch.optim.Adam(lr=0.1), on 100 points of
y = 5x^2 + 3. Batches are made beforehand; a step is zero_grad, forward,
backward and the optimizer step, as sess.run(train_op) is in TensorFlow.

Prints "torch_us_per_step MEDIAN", w and the versions used."""

import statistics
import sys
import time

import torch


def main():
    steps = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    repeats = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    threads = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    torch.set_num_threads(threads)
    generator = torch.Generator().manual_seed(0)
    batches = []
    for _ in range(64):
        x = torch.rand(100, generator=generator) * 20 - 10
        batches.append((x, 5 * x * x + 3))

    w = torch.nn.Parameter(torch.rand(3, 1, generator=generator) - 0.5)
    optimizer = torch.optim.Adam([w], lr=0.1)

    def step(x, y):
        optimizer.zero_grad()
        f = torch.stack([x * x, x, torch.ones_like(x)], 1)
        yhat = (f @ w).squeeze(1)
        loss = 0.5 * torch.sum((yhat - y) ** 2) + 0.1 * 0.5 * torch.sum(w * w)
        loss.backward()
        optimizer.step()
        return loss

    per_step = []
    for _ in range(repeats):
        start = time.perf_counter()
        for s in range(steps):
            step(*batches[s % len(batches)])
        per_step.append((time.perf_counter() - start) * 1e6 / steps)
    print("torch_us_per_step %.3f" % statistics.median(per_step))
    print("torch_w %.4f %.4f %.4f" % tuple(w.detach().flatten().tolist()))
    print("torch_version %s threads %d" % (torch.__version__,
                                          torch.get_num_threads()))


if __name__ == "__main__":
    main()
