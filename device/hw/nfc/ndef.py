"""Just enough NDEF to read a text record from an NTAG21x tag's user memory (page 4 on):
TLVs (03 = NDEF message, FE = terminator, 00 = padding), then a well-known record of type
"T": a status byte (bit 7 set = UTF-16; low 6 bits = length of the language code), the
language code, the text. Pre-programmed card tags carry their card's name this way."""

from __future__ import annotations


def first_text(memory: bytes) -> str | None:
    i = 0
    while i < len(memory):
        tag = memory[i]
        if tag == 0x00:
            i += 1
            continue
        if tag == 0xFE or i + 1 >= len(memory):
            return None
        length, i = memory[i + 1], i + 2
        if length == 0xFF:
            if i + 2 > len(memory):
                return None
            length, i = int.from_bytes(memory[i : i + 2], "big"), i + 2
        value = memory[i : i + length]
        if tag == 0x03:
            return _text_record(value)
        i += length
    return None


def _text_record(message: bytes) -> str | None:
    if len(message) < 3:
        return None
    header, type_length = message[0], message[1]
    short = header & 0x10
    tnf = header & 0x07
    at = 2
    if short:
        payload_length, at = message[at], at + 1
    else:
        if len(message) < at + 4:
            return None
        payload_length, at = int.from_bytes(message[at : at + 4], "big"), at + 4
    if header & 0x08:  # an ID length byte follows
        id_length, at = message[at], at + 1
    else:
        id_length = 0
    record_type = message[at : at + type_length]
    at += type_length + id_length
    payload = message[at : at + payload_length]
    if tnf != 0x01 or record_type != b"T" or len(payload) != payload_length or not payload:
        return None
    status = payload[0]
    text = payload[1 + (status & 0x3F) :]
    try:
        return text.decode("utf-16" if status & 0x80 else "utf-8")
    except UnicodeDecodeError:
        return None


def text_record(text: str, language: str = "en") -> bytes:
    """The NTAG user memory holding one NDEF text record (for tests and for writing tags)."""
    payload = bytes([len(language)]) + language.encode() + text.encode()
    record = bytes([0xD1, 0x01, len(payload)]) + b"T" + payload
    return bytes([0x03, len(record)]) + record + b"\xfe"
