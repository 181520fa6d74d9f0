"""Writes serialized tf.train.Examples as a TFRecord file, without
TensorFlow: write_examples.py OUT EXAMPLE... where each EXAMPLE is
`key=value,...` (a float feature of one value each; `key=i:value` an int64
one; an empty EXAMPLE has no features).

The protobuf wire format and the TFRecord framing (length, masked CRC-32C
of the length, data, masked CRC-32C of the data) are written by hand."""

import struct
import sys


def _crc32c_table():
    table = []
    for byte in range(256):
        crc = byte
        for _ in range(8):
            crc = (crc >> 1) ^ 0x82F63B78 if crc & 1 else crc >> 1
        table.append(crc)
    return table


_TABLE = _crc32c_table()


def masked_crc32c(data):
    crc = 0xFFFFFFFF
    for byte in data:
        crc = _TABLE[(crc ^ byte) & 0xFF] ^ (crc >> 8)
    crc ^= 0xFFFFFFFF
    return (((crc >> 15) | (crc << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def varint(value):
    value &= (1 << 64) - 1
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def field(number, payload):
    return varint(number << 3 | 2) + varint(len(payload)) + payload


def feature(text):
    if text.startswith("i:"):
        packed = b"".join(varint(int(v)) for v in text[2:].split(";"))
        return field(3, field(1, packed))  # int64_list
    packed = b"".join(struct.pack("<f", float(v)) for v in text.split(";"))
    return field(2, field(1, packed))  # float_list


def example(spec):
    entries = b""
    for item in filter(None, spec.split(",")):
        key, value = item.split("=", 1)
        entries += field(1, field(1, key.encode()) + field(2, feature(value)))
    return field(1, entries)


with open(sys.argv[1], "wb") as out:
    for spec in sys.argv[2:]:
        record = example(spec)
        length = struct.pack("<Q", len(record))
        out.write(length + struct.pack("<I", masked_crc32c(length)))
        out.write(record + struct.pack("<I", masked_crc32c(record)))
