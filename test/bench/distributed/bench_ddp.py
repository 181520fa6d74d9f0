"""PyTorch's DistributedDataParallel (gloo) on the data-parallel benchmark's
model: the MLP 784-512-512-10, softmax cross-entropy, SGD 0.01, a global
batch split over the processes, one thread each.

Usage: bench_ddp.py PROCESSES GLOBAL_BATCH STEPS
Prints `ddp_ms_per_step M` (rank 0's median step: zero_grad, forward,
backward with DDP's bucketed all-reduce, optimizer step) and
`torch_version V`.
"""
import os
import socket
import statistics
import sys
import tempfile
import time

import torch
import torch.distributed as dist
import torch.multiprocessing as mp
from torch import nn

WARMUP = 5


def worker(rank, world, batch, steps, port, result):
    os.environ["MASTER_ADDR"] = "127.0.0.1"
    os.environ["MASTER_PORT"] = str(port)
    torch.set_num_threads(1)
    dist.init_process_group("gloo", rank=rank, world_size=world)
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(784, 512), nn.ReLU(), nn.Linear(512, 512),
                          nn.ReLU(), nn.Linear(512, 10))
    ddp = nn.parallel.DistributedDataParallel(model)
    optimizer = torch.optim.SGD(ddp.parameters(), lr=0.01)
    loss_fn = nn.CrossEntropyLoss()
    generator = torch.Generator().manual_seed(1)
    x = torch.randn(batch, 784, generator=generator)
    y = torch.randint(0, 10, (batch,), generator=generator)
    rows = batch // world
    x, y = x[rank * rows:(rank + 1) * rows], y[rank * rows:(rank + 1) * rows]
    times = []
    for step in range(WARMUP + steps):
        start = time.perf_counter()
        optimizer.zero_grad(set_to_none=True)
        loss_fn(ddp(x), y).backward()
        optimizer.step()
        if step >= WARMUP:
            times.append(time.perf_counter() - start)
    if rank == 0:
        with open(result, "w") as f:
            f.write("%f" % (statistics.median(times) * 1e3))
    dist.destroy_process_group()


def main():
    world, batch, steps = (int(a) for a in sys.argv[1:4])
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    with tempfile.TemporaryDirectory() as tmp:
        result = os.path.join(tmp, "ms")
        mp.spawn(worker, args=(world, batch, steps, port, result),
                 nprocs=world, join=True)
        print("ddp_ms_per_step", open(result).read())
    print("torch_version", torch.__version__)


if __name__ == "__main__":
    main()
