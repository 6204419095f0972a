#ifndef CTAGLIB_H
#define CTAGLIB_H
#endif
