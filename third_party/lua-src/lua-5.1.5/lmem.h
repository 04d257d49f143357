/*
** $Id: lmem.h,v 1.31.1.1 2007/12/27 13:02:25 roberto Exp $
** Interface to Memory Manager
** See Copyright Notice in lua.h
*/

#ifndef lmem_h
#define lmem_h


#include <stddef.h>

#include "llimits.h"
#include "lua.h"

#define MEMERRMSG	"not enough memory"


#define luaM_reallocv(L,b,on,n,e) \
	((cast(size_t, (n)+1) <= MAX_SIZET/(e)) ?  /* +1 to avoid warnings */ \
		luaM_realloc_(L, (b), (on)*(e), (n)*(e)) : \
		luaM_toobig(L))

#define luaM_freemem(L, b, s)	luaM_realloc_(L, (b), (s), 0)
#define luaM_free(L, b)		luaM_realloc_(L, (b), sizeof(*(b)), 0)
#define luaM_freearray(L, b, n, t)   luaM_reallocv(L, (b), n, 0, sizeof(t))

#define luaM_malloc(L,t)	luaM_realloc_(L, NULL, 0, (t))
#define luaM_new(L,t)		cast(t *, luaM_malloc(L, sizeof(t)))
#define luaM_newvector(L,n,t) \
		cast(t *, luaM_reallocv(L, NULL, 0, n, sizeof(t)))

#define luaM_growvector(L,v,nelems,size,t,limit,e) \
          if ((nelems)+1 > (size)) \
            ((v)=cast(t *, luaM_growaux_(L,v,&(size),sizeof(t),limit,e)))

#define luaM_reallocvector(L, v,oldn,n,t) \
   ((v)=cast(t *, luaM_reallocv(L, v, oldn, n, sizeof(t))))


LUAI_FUNC void *luaM_realloc_ (lua_State *L, void *block, size_t oldsize,
                                                          size_t size);

/*
** kinterp: pools for the blocks a large input is made of (tables, their
** hash parts, strings). A block of at most KPOOL_MAX bytes is carved from
** a chunk, rounded up to KPOOL_GRAIN bytes, and kept on its size's free
** list when freed: no per-block header or rounding of the system
** allocator. Only sites that free a block with the size they allocated
** it with use them (never realloc). Chunks are freed with the state.
*/
#define KPOOL_GRAIN	8
#define KPOOL_MAX	512
#define KPOOL_CLASSES	(KPOOL_MAX / KPOOL_GRAIN)

#define luaM_knew(L,t)		cast(t *, luaM_kalloc_(L, sizeof(t)))
#define luaM_kfree(L, b)	luaM_kfree_(L, (b), sizeof(*(b)))
#define luaM_knewvector(L,n,t) \
	((cast(size_t, (n)+1) <= MAX_SIZET/sizeof(t)) ? \
		cast(t *, luaM_kalloc_(L, (n)*sizeof(t))) : \
		cast(t *, luaM_toobig(L)))
#define luaM_kfreearray(L, b, n, t)	luaM_kfree_(L, (b), (n)*sizeof(t))

LUAI_FUNC void *luaM_kalloc_ (lua_State *L, size_t size);
LUAI_FUNC void luaM_kfree_ (lua_State *L, void *block, size_t size);
LUAI_FUNC void luaM_kclose (lua_State *L);
LUAI_FUNC void *luaM_toobig (lua_State *L);
LUAI_FUNC void *luaM_growaux_ (lua_State *L, void *block, int *size,
                               size_t size_elem, int limit,
                               const char *errormsg);

#endif

