#!/usr/bin/env python3
"""Fails when two folders of one target depend on each other, directly or around a cycle.

Reads the index store that `swift build` writes (.build/debug/index/store) through the toolchain's
libIndexStore: a folder depends on another when a file in it references a symbol declared in the other
(a type, a function, a member of an extension). Prints each target's folder graph and any cycle.

    swift build && python3 .ci/folder-cycles.py
"""
import ctypes, os, sys
from collections import defaultdict

root = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
store_path = os.path.join(root, ".build", "debug", "index", "store")
lib = ctypes.CDLL(os.path.join(os.path.dirname(os.path.realpath(
    os.popen("command -v swift").read().strip())), "..", "lib", "libIndexStore.so"))


class StringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_char_p), ("length", ctypes.c_size_t)]

    def text(self):
        return ctypes.string_at(self.data, self.length).decode() if self.length else ""


vp = ctypes.c_void_p
lib.indexstore_store_create.restype = vp
lib.indexstore_store_create.argtypes = [ctypes.c_char_p, ctypes.POINTER(vp)]
UNIT_APPLIER = ctypes.CFUNCTYPE(ctypes.c_bool, vp, StringRef)
lib.indexstore_store_units_apply_f.argtypes = [vp, ctypes.c_uint, vp, UNIT_APPLIER]
lib.indexstore_unit_reader_create.restype = vp
lib.indexstore_unit_reader_create.argtypes = [vp, ctypes.c_char_p, ctypes.POINTER(vp)]
lib.indexstore_unit_reader_dispose.argtypes = [vp]
for name in ("main_file", "module_name"):
    getattr(lib, f"indexstore_unit_reader_get_{name}").restype = StringRef
    getattr(lib, f"indexstore_unit_reader_get_{name}").argtypes = [vp]
DEP_APPLIER = ctypes.CFUNCTYPE(ctypes.c_bool, vp, vp)
lib.indexstore_unit_reader_dependencies_apply_f.argtypes = [vp, vp, DEP_APPLIER]
lib.indexstore_unit_dependency_get_kind.restype = ctypes.c_int
lib.indexstore_unit_dependency_get_kind.argtypes = [vp]
lib.indexstore_unit_dependency_get_name.restype = StringRef
lib.indexstore_unit_dependency_get_name.argtypes = [vp]
lib.indexstore_record_reader_create.restype = vp
lib.indexstore_record_reader_create.argtypes = [vp, ctypes.c_char_p, ctypes.POINTER(vp)]
lib.indexstore_record_reader_dispose.argtypes = [vp]
OCC_APPLIER = ctypes.CFUNCTYPE(ctypes.c_bool, vp, vp)
lib.indexstore_record_reader_occurrences_apply_f.argtypes = [vp, vp, OCC_APPLIER]
lib.indexstore_occurrence_get_symbol.restype = vp
lib.indexstore_occurrence_get_symbol.argtypes = [vp]
lib.indexstore_occurrence_get_roles.restype = ctypes.c_uint64
lib.indexstore_occurrence_get_roles.argtypes = [vp]
lib.indexstore_symbol_get_usr.restype = StringRef
lib.indexstore_symbol_get_usr.argtypes = [vp]

DECLARATION, DEFINITION, REFERENCE = 1 << 0, 1 << 1, 1 << 2
RECORD = 2

error = vp()
store = lib.indexstore_store_create(store_path.encode(), ctypes.byref(error))
if not store:
    sys.exit(f"folder-cycles: no index store at {store_path}: run `swift build` first")

units = []
lib.indexstore_store_units_apply_f(store, 0, None, UNIT_APPLIER(lambda _, name: units.append(name.text()) or True))
# Note: an empty store would find no dependency, and so no cycle: it fails instead.
if not units:
    sys.exit(f"folder-cycles: the index store at {store_path} has no unit: run `swift build` first")

sources = os.path.join(root, "Sources") + os.sep
declared = {}  # usr -> (target, folder)
references = defaultdict(set)  # (target, folder) -> usrs
for unit in units:
    reader = lib.indexstore_unit_reader_create(store, unit.encode(), ctypes.byref(error))
    if not reader:
        continue
    main_file = lib.indexstore_unit_reader_get_main_file(reader).text()
    if not main_file.startswith(sources) or not main_file.endswith(".swift") or not os.path.exists(main_file):
        lib.indexstore_unit_reader_dispose(reader)
        continue
    parts = main_file[len(sources):].split(os.sep)
    target, folder = parts[0], (parts[1] if len(parts) > 2 else ".")
    records = []

    def dependency(_, dep):
        if lib.indexstore_unit_dependency_get_kind(dep) == RECORD:
            records.append(lib.indexstore_unit_dependency_get_name(dep).text())
        return True

    lib.indexstore_unit_reader_dependencies_apply_f(reader, None, DEP_APPLIER(dependency))
    lib.indexstore_unit_reader_dispose(reader)
    for record in records:
        record_reader = lib.indexstore_record_reader_create(store, record.encode(), ctypes.byref(error))
        if not record_reader:
            continue

        def occurrence(_, occ):
            roles = lib.indexstore_occurrence_get_roles(occ)
            usr = lib.indexstore_symbol_get_usr(lib.indexstore_occurrence_get_symbol(occ)).text()
            if roles & (DECLARATION | DEFINITION):
                declared[usr] = (target, folder)
            elif roles & REFERENCE:
                references[(target, folder)].add(usr)
            return True

        lib.indexstore_record_reader_occurrences_apply_f(record_reader, None, OCC_APPLIER(occurrence))
        lib.indexstore_record_reader_dispose(record_reader)

edges = defaultdict(set)
for (target, folder), usrs in references.items():
    for usr in usrs:
        where = declared.get(usr)
        if where and where[0] == target and where[1] != folder:
            edges[(target, folder)].add(where[1])

# Strongly connected components (Tarjan) per target: any with two or more folders is a cycle.
cycles = []
for target in sorted({t for t, _ in list(edges) + list(references)}):
    graph = {f: edges.get((target, f), set()) for (t, f) in list(references) if t == target}
    index, low, stack, on_stack, counter = {}, {}, [], set(), [0]

    def strongconnect(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                strongconnect(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                cycles.append((target, sorted(component)))

    for v in sorted(graph):
        if v not in index:
            strongconnect(v)
    print(f"{target}:")
    for folder in sorted(graph):
        print(f"  {folder} -> {', '.join(sorted(graph[folder])) or '(nothing in this target)'}")

if not declared:
    sys.exit(f"folder-cycles: {len(units)} index units declare nothing under {sources}: the store is not this package's")
if cycles:
    for target, component in cycles:
        print(f"folder-cycles: {target}: {' <-> '.join(component)} depend on each other", file=sys.stderr)
    sys.exit(1)
print("folder-cycles: no folder of a target is on a dependency cycle")
