"""Owns the clipboard with several flavours, as a browser does: text/html and text/plain.

  clipboard-owner.py HTML TEXT    offers them until killed; prints "ready" once it owns the clipboard
"""
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402

html, text = sys.argv[1], sys.argv[2]
Gtk.init()
window = Gtk.Window(title="clipboard-owner")
window.present()


def own():
    providers = [
        Gdk.ContentProvider.new_for_bytes("text/html", GLib.Bytes.new(html.encode())),
        Gdk.ContentProvider.new_for_bytes("text/plain;charset=utf-8", GLib.Bytes.new(text.encode())),
    ]
    window.get_clipboard().set_content(Gdk.ContentProvider.new_union(providers))
    print("ready", flush=True)
    return False


GLib.timeout_add(300, own)
loop = GLib.MainLoop()
loop.run()
