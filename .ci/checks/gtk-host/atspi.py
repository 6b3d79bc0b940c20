"""Reads and drives emotext-gtk through the accessibility tree (AT-SPI, pyatspi; Debian's /usr/bin/python3).

  atspi.py text                 prints the text view's state as JSON: [text, caret, names of the emoticons in it]
                                (GTK 4.8's accessible text leaves child anchors out; their widgets are children)
  atspi.py press NAME           does the default action of the button whose accessible name is NAME
  atspi.py names ROLE           prints the accessible names of the widgets with that role, one a line
  atspi.py caret                prints the text view's caret offset
  atspi.py insert TEXT          inserts TEXT at the caret through the editable-text interface
  atspi.py enabled NAME         prints "true" when the button named NAME is sensitive, else "false"
  atspi.py label NAME           prints the text of the label or widget whose accessible name is NAME
"""
import json
import sys
import time

import pyatspi



def app():
    deadline = time.time() + 10
    while time.time() < deadline:
        desktop = pyatspi.Registry.getDesktop(0)
        for index in range(desktop.childCount):
            child = desktop.getChildAtIndex(index)
            if child is not None and child.name and "emotext" in child.name:
                return child
        time.sleep(0.2)
    sys.exit("atspi: no emotext-gtk application on the accessibility bus")


def walk(node, depth=0):
    yield node
    if depth > 40:
        return
    for index in range(node.childCount):
        child = node.getChildAtIndex(index)
        if child is not None:
            yield from walk(child, depth + 1)


def text_view(root):
    for node in walk(root):
        if node.getRoleName() in ("text", "entry") and node.name in ("Post text", "微博正文"):
            return node
    sys.exit("atspi: no text view named 'Post text' or '微博正文'")


def main():
    command = sys.argv[1]
    root = app()
    if command == "text":
        view = text_view(root)
        text = view.queryText()
        names = [node.name for node in walk(view) if node is not view]
        print(json.dumps([text.getText(0, -1), text.caretOffset, names], ensure_ascii=False))
    elif command == "caret":
        print(text_view(root).queryText().caretOffset)
    elif command == "press":
        for node in walk(root):
            if node.getRoleName() in ("push button", "button", "toggle button") and node.name == sys.argv[2]:
                action = node.queryAction()
                action.doAction(0)
                print("pressed", node.name)
                return
        sys.exit("atspi: no button named %r" % sys.argv[2])
    elif command == "insert":
        view = text_view(root)
        offset = view.queryText().caretOffset
        view.queryEditableText().insertText(offset, sys.argv[2], len(sys.argv[2].encode()))
    elif command == "enabled":
        for node in walk(root):
            if node.getRoleName() in ("push button", "button") and node.name == sys.argv[2]:
                print("true" if node.getState().contains(pyatspi.STATE_SENSITIVE) else "false")
                return
        sys.exit("atspi: no button named %r" % sys.argv[2])
    elif command == "label":
        for node in walk(root):
            if node.name == sys.argv[2]:
                print(node.description)
                return
        sys.exit("atspi: nothing named %r" % sys.argv[2])
    elif command == "names":
        for node in walk(root):
            if node.getRoleName() == sys.argv[2]:
                print(node.name)
    else:
        sys.exit("atspi: unknown command " + command)


# Note: a widget replaced while the tree is walked (the keyboard's keys on a page change) answers with an error;
# the command is tried again on the new tree.
for attempt in range(5):
    try:
        main()
        break
    except Exception as error:  # GLib.Error from a stale accessible object
        if attempt == 4:
            raise
        print("atspi: retrying after %s" % error, file=sys.stderr)
        time.sleep(0.3)
