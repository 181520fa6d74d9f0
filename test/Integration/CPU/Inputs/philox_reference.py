"""Prints what tfc.random_uniform gives for 32-bit integers, computed
independently: Philox-4x32-10 (Salmon et al. 2011) in plain Python, with
tfc's key and counter layout (docs/dialect.md, "Random numbers").

Usage: philox_reference.py [--i64] SEED0 SEED1 DIM...
Output: `tfc run`'s line for the tensor, e.g. `output0 = i32[2,3] [[...]]`.
With --i64, each element joins two words (low first), two per block.
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


def signed(word, bits):
    return word - (1 << bits) if word >= 1 << (bits - 1) else word


def main():
    args = sys.argv[1:]
    wide = args[0] == "--i64"
    if wide:
        args = args[1:]
    seed0, seed1 = (int(s) & 0xFFFFFFFFFFFFFFFF for s in args[0:2])
    shape = [int(d) for d in args[2:]]
    count = 1
    for d in shape:
        count *= d
    key = (seed0 & MASK, seed0 >> 32)
    values = []
    per_block = 2 if wide else 4
    for i in range(count):
        block, lane = divmod(i, per_block)
        words = philox4x32_10(
            (block & MASK, block >> 32, seed1 & MASK, seed1 >> 32), key)
        if wide:
            values.append(signed(words[2 * lane] | words[2 * lane + 1] << 32, 64))
        else:
            values.append(signed(words[lane], 32))

    def nest(flat, dims):
        if len(dims) == 1:
            return "[" + " ".join(str(v) for v in flat) + "]"
        step = len(flat) // dims[0]
        return "[" + " ".join(nest(flat[i * step:(i + 1) * step], dims[1:])
                              for i in range(dims[0])) + "]"

    dtype = "i64" if wide else "i32"
    print(f"output0 = {dtype}[{','.join(map(str, shape))}] {nest(values, shape)}")


if __name__ == "__main__":
    main()
