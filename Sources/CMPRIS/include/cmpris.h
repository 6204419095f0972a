#ifndef CMPRIS_H
#define CMPRIS_H
#endif
