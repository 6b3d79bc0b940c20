// GTK 4 for Swift: the header, and static inline wrappers for what Swift cannot call (cast macros,
// g_signal_connect, variadic functions).
#include <gtk/gtk.h>

static inline GtkWidget *emotext_widget(void *object) { return GTK_WIDGET(object); }
static inline GtkWindow *emotext_window(void *object) { return GTK_WINDOW(object); }
static inline GtkBox *emotext_box(void *object) { return GTK_BOX(object); }
static inline GtkTextView *emotext_text_view(void *object) { return GTK_TEXT_VIEW(object); }
static inline GtkButton *emotext_button(void *object) { return GTK_BUTTON(object); }
static inline GtkLabel *emotext_label(void *object) { return GTK_LABEL(object); }
static inline GtkGrid *emotext_grid(void *object) { return GTK_GRID(object); }
static inline GtkEventController *emotext_controller(void *object) { return GTK_EVENT_CONTROLLER(object); }
static inline GtkGesture *emotext_gesture(void *object) { return GTK_GESTURE(object); }
static inline GtkAccessible *emotext_accessible(void *object) { return GTK_ACCESSIBLE(object); }
static inline GtkDrawingArea *emotext_drawing_area(void *object) { return GTK_DRAWING_AREA(object); }
static inline GtkPicture *emotext_picture(void *object) { return GTK_PICTURE(object); }
static inline GtkStack *emotext_stack(void *object) { return GTK_STACK(object); }
static inline GtkPopover *emotext_popover(void *object) { return GTK_POPOVER(object); }
static inline GtkScrolledWindow *emotext_scrolled(void *object) { return GTK_SCROLLED_WINDOW(object); }
static inline GdkPaintable *emotext_paintable(void *object) { return GDK_PAINTABLE(object); }
static inline GtkTextTag *emotext_tag(void *object) { return GTK_TEXT_TAG(object); }

/// g_signal_connect, a macro.
static inline gulong emotext_connect(void *instance, const char *signal, GCallback handler, void *data) {
  return g_signal_connect_data(instance, signal, handler, data, NULL, 0);
}

/// g_signal_connect_after.
static inline gulong emotext_connect_after(void *instance, const char *signal, GCallback handler, void *data) {
  return g_signal_connect_data(instance, signal, handler, data, NULL, G_CONNECT_AFTER);
}

/// gtk_accessible_update_property with one label.
static inline void emotext_accessible_set_label(void *widget, const char *label) {
  gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

/// gtk_accessible_update_property with one description.
static inline void emotext_accessible_set_description(void *widget, const char *description) {
  gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

/// A text tag with a foreground colour and an underline, created in the buffer's table.
static inline GtkTextTag *emotext_tag_with_colour(GtkTextBuffer *buffer, const char *name, const char *colour,
                                                  gboolean underline) {
  return gtk_text_buffer_create_tag(buffer, name, "foreground", colour, "underline",
                                    underline ? PANGO_UNDERLINE_SINGLE : PANGO_UNDERLINE_NONE, NULL);
}

/// A text tag drawing a single underline (the preedit).
static inline GtkTextTag *emotext_tag_underlined(GtkTextBuffer *buffer, const char *name) {
  return gtk_text_buffer_create_tag(buffer, name, "underline", PANGO_UNDERLINE_SINGLE, "background", "#e8e8ff", NULL);
}

/// g_object_set of one string property.
static inline void emotext_set_string(void *object, const char *property, const char *value) {
  g_object_set(object, property, value, NULL);
}

/// GDK_IS_TEXTURE.
static inline gboolean emotext_is_texture(void *object) { return GDK_IS_TEXTURE(object); }

/// g_signal_connect_data with a notify that releases `data` when the handler goes.
static inline gulong emotext_connect_owned(void *instance, const char *signal, GCallback handler, void *data,
                                           GClosureNotify release) {
  return g_signal_connect_data(instance, signal, handler, data, release, 0);
}

static inline GdkClipboard *emotext_clipboard(void *object) { return GDK_CLIPBOARD(object); }
