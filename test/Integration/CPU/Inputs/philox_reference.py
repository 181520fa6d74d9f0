"""Prints what tfc.random_uniform gives for 32-bit integers, computed
independently: Philox-4x32-10 (Salmon et al. 2011) in plain Python, with
tfc's key and counter layout (docs/dialect.md, "Random numbers").

Usage: philox_reference.py SEED0 SEED1 DIM...
Output: `tfc run`'s line for the tensor, e.g. `output0 = i32[2,3] [[...]]`.
"""

import sys

MASK = 0xFFFFFFFF


def philox4x32_10(counter, key):
    counter = list(counter)
    k0, k1 = key
    for _ in range(10):
        p0 = 0xD2511F53 * counter[0]
        p1 = 0xCD9E8D57 * counter[2]
        counter = [
            (p1 >> 32) ^ counter[1] ^ k0,
            p1 & MASK,
            (p0 >> 32) ^ counter[3] ^ k1,
            p0 & MASK,
        ]
        k0 = (k0 + 0x9E3779B9) & MASK
        k1 = (k1 + 0xBB67AE85) & MASK
    return counter


def signed(word):
    return word - (1 << 32) if word >= 1 << 31 else word


def main():
    seed0, seed1 = (int(s) & 0xFFFFFFFFFFFFFFFF for s in sys.argv[1:3])
    shape = [int(d) for d in sys.argv[3:]]
    count = 1
    for d in shape:
        count *= d
    key = (seed0 & MASK, seed0 >> 32)
    values = []
    for i in range(count):
        block, lane = divmod(i, 4)
        words = philox4x32_10(
            (block & MASK, block >> 32, seed1 & MASK, seed1 >> 32), key)
        values.append(signed(words[lane]))

    def nest(flat, dims):
        if len(dims) == 1:
            return "[" + " ".join(str(v) for v in flat) + "]"
        step = len(flat) // dims[0]
        return "[" + " ".join(nest(flat[i * step:(i + 1) * step], dims[1:])
                              for i in range(dims[0])) + "]"

    print(f"output0 = i32[{','.join(map(str, shape))}] {nest(values, shape)}")


if __name__ == "__main__":
    main()
