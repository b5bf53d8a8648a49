// The SQLite C API (libsqlite3, header <sqlite3.h>; Debian/Ubuntu package libsqlite3-dev).
#include <sqlite3.h>
