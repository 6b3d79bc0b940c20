import CGTK
import Foundation

// emotext-gtk: the GTK 4 composer. Arguments as `emotext compose`; prints the post and exits 0 on Send or
// Ctrl+Return, exits 1 printing nothing on Esc or closing the window.
let environment = ProcessInfo.processInfo.environment
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
  print(ComposerOptions.usage)
  exit(0)
}
let options: ComposerOptions
do {
  options = try ComposerOptions(arguments: arguments, environment: environment)
} catch {
  FileHandle.standardError.write(Data("emotext-gtk: \(error.message)\n\(ComposerOptions.usage)\n".utf8))
  exit(2)
}
// Note: IBus answers key events synchronously then, so a key it does not take reaches the composer's own handling.
setenv("IBUS_ENABLE_SYNC_MODE", "1", 0)
g_set_prgname("emotext-gtk")
g_set_application_name("emotext-gtk")
gtk_init()
let composer = Composer(options: options, environment: environment)
gtk_window_present(emotext_window(composer.window))
gtk_widget_grab_focus(composer.textView)
while composer.exitStatus == nil { g_main_context_iteration(nil, 1) }
exit(composer.exitStatus!)
