/*
** $Id: lmem.c,v 1.70.1.1 2007/12/27 13:02:25 roberto Exp $
** Interface to Memory Manager
** See Copyright Notice in lua.h
*/


#include <stddef.h>

#define lmem_c
#define LUA_CORE

#include "lua.h"

#include "ldebug.h"
#include "ldo.h"
#include "lmem.h"
#include "lobject.h"
#include "lstate.h"



/*
** About the realloc function:
** void * frealloc (void *ud, void *ptr, size_t osize, size_t nsize);
** (`osize' is the old size, `nsize' is the new size)
**
** Lua ensures that (ptr == NULL) iff (osize == 0).
**
** * frealloc(ud, NULL, 0, x) creates a new block of size `x'
**
** * frealloc(ud, p, x, 0) frees the block `p'
** (in this specific case, frealloc must return NULL).
** particularly, frealloc(ud, NULL, 0, 0) does nothing
** (which is equivalent to free(NULL) in ANSI C)
**
** frealloc returns NULL if it cannot create or reallocate the area
** (any reallocation to an equal or smaller size cannot fail!)
*/



#define MINSIZEARRAY	4


void *luaM_growaux_ (lua_State *L, void *block, int *size, size_t size_elems,
                     int limit, const char *errormsg) {
  void *newblock;
  int newsize;
  if (*size >= limit/2) {  /* cannot double it? */
    if (*size >= limit)  /* cannot grow even a little? */
      luaG_runerror(L, errormsg);
    newsize = limit;  /* still have at least one free place */
  }
  else {
    newsize = (*size)*2;
    if (newsize < MINSIZEARRAY)
      newsize = MINSIZEARRAY;  /* minimum size */
  }
  newblock = luaM_reallocv(L, block, *size, newsize, size_elems);
  *size = newsize;  /* update only when everything else is OK */
  return newblock;
}


/*
** kinterp: block pools (lmem.h). A chunk starts with a KChunk header;
** chunks grow from 8 KiB to 256 KiB, so a small state stays small and a
** big input asks the system allocator for few, large pieces.
*/
typedef struct KChunk {
  struct KChunk *next;
  size_t size;
} KChunk;

#define KCHUNK_MIN	((size_t)8 << 10)
#define KCHUNK_MAX	((size_t)256 << 10)

/*
** kinterp: built with LUA_KINTERP_NOPOOL, every block goes to the
** state's allocator, so that a sanitizer sees each block's lifetime (a
** pooled block freed and handed out again looks alive to it).
*/
#ifdef LUA_KINTERP_NOPOOL
#define KPOOL_PASSTHROUGH	1
#else
#define KPOOL_PASSTHROUGH	0
#endif

#define kclass(s)	(((s) + KPOOL_GRAIN - 1) / KPOOL_GRAIN)


static void knewchunk (lua_State *L, global_State *g) {
  size_t size = g->knext < KCHUNK_MIN ? KCHUNK_MIN : g->knext;
  size_t rest = (size_t)(g->kbumpend - g->kbump);
  KChunk *k = cast(KChunk *, (*g->frealloc)(g->ud, NULL, 0, size));
  if (k == NULL)
    luaD_throw(L, LUA_ERRMEM);
  if (rest >= KPOOL_GRAIN) {  /* the old chunk's rest joins a free list */
    size_t c = rest / KPOOL_GRAIN;
    *cast(void **, g->kbump) = g->kpool[c];
    g->kpool[c] = g->kbump;
  }
  k->next = cast(KChunk *, g->kchunks);
  k->size = size;
  g->kchunks = k;
  g->kbump = cast(char *, k + 1);
  g->kbumpend = cast(char *, k) + size;
  g->knext = size < KCHUNK_MAX ? 2 * size : KCHUNK_MAX;
}


void *luaM_kalloc_ (lua_State *L, size_t size) {
  global_State *g = G(L);
  size_t c;
  void *b;
  if (KPOOL_PASSTHROUGH || size > KPOOL_MAX || size == 0)
    return luaM_realloc_(L, NULL, 0, size);
  c = kclass(size);
  b = g->kpool[c];
  if (b != NULL)
    g->kpool[c] = *cast(void **, b);
  else {
    size_t bytes = c * KPOOL_GRAIN;
    if ((size_t)(g->kbumpend - g->kbump) < bytes)
      knewchunk(L, g);
    b = g->kbump;
    g->kbump += bytes;
  }
  g->totalbytes += size;
  return b;
}


void luaM_kfree_ (lua_State *L, void *block, size_t size) {
  global_State *g = G(L);
  size_t c;
  if (KPOOL_PASSTHROUGH || size > KPOOL_MAX || size == 0) {
    luaM_realloc_(L, block, size, 0);
    return;
  }
  c = kclass(size);
  *cast(void **, block) = g->kpool[c];
  g->kpool[c] = block;
  g->totalbytes -= size;
}


void luaM_kclose (lua_State *L) {
  global_State *g = G(L);
  KChunk *k = cast(KChunk *, g->kchunks);
  while (k != NULL) {
    KChunk *next = k->next;
    (*g->frealloc)(g->ud, k, k->size, 0);
    k = next;
  }
  g->kchunks = NULL;
  g->kbump = g->kbumpend = NULL;
}


void *luaM_toobig (lua_State *L) {
  luaG_runerror(L, "memory allocation error: block too big");
  return NULL;  /* to avoid warnings */
}



/*
** generic allocation routine.
*/
void *luaM_realloc_ (lua_State *L, void *block, size_t osize, size_t nsize) {
  global_State *g = G(L);
  lua_assert((osize == 0) == (block == NULL));
  block = (*g->frealloc)(g->ud, block, osize, nsize);
  if (block == NULL && nsize > 0)
    luaD_throw(L, LUA_ERRMEM);
  lua_assert((nsize == 0) == (block == NULL));
  g->totalbytes = (g->totalbytes - osize) + nsize;
  return block;
}

