/*
 * Linked into libemotext.so only (Integrations/c/build-library.sh). Debian's static ICU archives are compiled as
 * position-independent executable code, which reads glibc's `__timezone` and `tzname` variables directly (a
 * PC-relative relocation that only an executable's copy relocation can satisfy), so a shared library cannot link
 * them. The script renames ICU's two references (in putil.ao) to these hidden variables. ICU reads them only to
 * detect the host's time zone (uprv_timezone, uprv_tzname: its calendar and time zone code), which the engine
 * never calls; there they say UTC.
 */
__attribute__((visibility("hidden"))) long emotext_icu_host_timezone = 0;
__attribute__((visibility("hidden"))) char *emotext_icu_host_tzname[2] = {"UTC", "UTC"};
