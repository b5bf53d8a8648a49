// The PostgreSQL client library (libpq, header <libpq-fe.h>; Debian/Ubuntu package libpq-dev,
// whose pkg-config name libpq adds -I/usr/include/postgresql).
#include <libpq-fe.h>
