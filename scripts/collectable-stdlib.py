#!/usr/bin/env python3
# shellcheck disable=SC1071 # python, among the scripts that 'shellcheck scripts/*' checks
"""Usage: scripts/collectable-stdlib.py SOURCE DEST

Makes DEST a copy of the Swift toolchain's static resource folder SOURCE (.../usr/lib/swift_static)
in which the linker's --gc-sections can drop the standard library's functions that nothing
calls. scripts/build links the Linux release binary against it (swiftc -resource-dir DEST).

Why: the compiler marks every public Swift function SHF_GNU_RETAIN (llvm.used), so that a shared
library keeps what its clients may call; in the static archives that pins all 8,000 of the
standard library's public functions, used or not (1 MB of the binary). In our static link no
client is outside the binary (scripts/build links with --exclude-libs ALL and no exported
symbols), so the flag is cleared on the '.text.$s...' sections of the archives' Swift objects:
a function that live code, metadata or a witness table refers to stays, through that relocation.
Nothing else changes: every other section, the C and C++ objects, the modules and headers are
the toolchain's (the folders and files that need no change are symbolic links to them).

DEST is rebuilt only when SOURCE's archives changed (a new toolchain), then replaced whole.
"""
import os
import shutil
import struct
import sys

SHF_GNU_RETAIN = 0x200000


def unpin(member, start):
    """Clears SHF_GNU_RETAIN on the '.text.$s' sections of the ELF64 object at member[start:]."""
    if member[start:start + 5] != b"\x7fELF\x02" or member[start + 5] != 1:
        return 0
    shoff, = struct.unpack_from("<Q", member, start + 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", member, start + 0x3A)
    names, = struct.unpack_from("<Q", member, start + shoff + shstrndx * shentsize + 0x18)
    changed = 0
    for index in range(shnum):
        header = start + shoff + index * shentsize
        name, _, flags = struct.unpack_from("<IIQ", member, header)
        at = start + names + name
        if flags & SHF_GNU_RETAIN and member[at:at + 8] == b".text.$s":
            struct.pack_into("<Q", member, header + 8, flags & ~SHF_GNU_RETAIN)
            changed += 1
    return changed


def unpin_archive(data):
    """The number of sections changed, in place, in the ar archive `data` (GNU format)."""
    if data[:8] != b"!<arch>\n":
        raise SystemExit("not an ar archive")
    position, changed = 8, 0
    while position + 60 <= len(data):
        size = int(data[position + 48:position + 58])
        changed += unpin(data, position + 60)
        position += 60 + size + (size & 1)
    return changed


def stamp(source):
    lines = [os.path.realpath(source)]
    folder = os.path.join(source, "linux")
    for name in sorted(os.listdir(folder)):
        if name.endswith(".a"):
            info = os.stat(os.path.join(folder, name))
            lines.append("%s %d %d" % (name, info.st_size, info.st_mtime_ns))
    return "\n".join(lines) + "\n"


def main():
    if len(sys.argv) == 2 and sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        return
    if len(sys.argv) != 3:
        print(__doc__.strip(), file=sys.stderr)
        raise SystemExit(2)
    source, dest = sys.argv[1], sys.argv[2]
    wanted = stamp(source)
    try:
        with open(os.path.join(dest, ".stamp")) as file:
            if file.read() == wanted:
                return
    except OSError:
        pass
    building = dest + ".new"
    shutil.rmtree(building, ignore_errors=True)
    os.makedirs(os.path.join(building, "linux"))
    for name in sorted(os.listdir(source)):
        if name != "linux":
            os.symlink(os.path.realpath(os.path.join(source, name)), os.path.join(building, name))
    folder = os.path.join(source, "linux")
    for name in sorted(os.listdir(folder)):
        path = os.path.realpath(os.path.join(folder, name))
        if name.endswith(".a"):
            with open(path, "rb") as file:
                data = bytearray(file.read())
            if unpin_archive(data):
                with open(os.path.join(building, "linux", name), "wb") as file:
                    file.write(data)
                continue
        os.symlink(path, os.path.join(building, "linux", name))
    with open(os.path.join(building, ".stamp"), "w") as file:
        file.write(wanted)
    shutil.rmtree(dest, ignore_errors=True)
    os.rename(building, dest)


main()
