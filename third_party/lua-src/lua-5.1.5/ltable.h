/*
** $Id: ltable.h,v 2.10.1.1 2007/12/27 13:02:25 roberto Exp $
** Lua tables (hash)
** See Copyright Notice in lua.h
*/

#ifndef ltable_h
#define ltable_h

#include "lobject.h"


#define gnode(t,i)	(&(t)->node[i])
#define gval(n)		(&(n)->i_val)

/* kinterp: a node's key is not a TValue (see Node in lobject.h) */
#define keytt(n)	((n)->u.key_tt)
#define keyval(n)	((n)->u.key_val)
#define keyisnil(n)	(keytt(n) == LUA_TNIL)
#define keyisdead(n)	(keytt(n) == LUA_TDEADKEY)
#define keyiscollectable(n)	(keytt(n) >= LUA_TSTRING)
#define keygc(n)	(keyval(n).gc)

/* copies node `n''s key into the TValue `o' */
#define getnodekey(o,n) \
  { TValue *o_=(o); const Node *n_=(n); \
    o_->value = n_->u.key_val; o_->tt = n_->u.key_tt; }

/* stores the TValue `o' as node `n''s key */
#define setnodekey(n,o) \
  { Node *n_=(n); const TValue *o_=(o); \
    n_->u.key_val = o_->value; n_->u.key_tt = o_->tt; }


LUAI_FUNC const TValue *luaH_getnum (Table *t, int key);
LUAI_FUNC TValue *luaH_setnum (lua_State *L, Table *t, int key);
LUAI_FUNC const TValue *luaH_getstr (Table *t, TString *key);
LUAI_FUNC TValue *luaH_setstr (lua_State *L, Table *t, TString *key);
LUAI_FUNC const TValue *luaH_get (Table *t, const TValue *key);
LUAI_FUNC TValue *luaH_set (lua_State *L, Table *t, const TValue *key);
LUAI_FUNC Table *luaH_new (lua_State *L, int narray, int lnhash);
LUAI_FUNC void luaH_resizearray (lua_State *L, Table *t, int nasize);
LUAI_FUNC void luaH_free (lua_State *L, Table *t);
LUAI_FUNC int luaH_next (lua_State *L, Table *t, StkId key);
LUAI_FUNC int luaH_inext (lua_State *L, Table *t, int *cursor, StkId out);  /* kinterp */
LUAI_FUNC Table *luaH_newlike (lua_State *L, const Table *src);  /* kinterp */
LUAI_FUNC int luaH_hasnodes (const Table *t);  /* kinterp */
LUAI_FUNC int luaH_getn (Table *t);
/* kinterp: gopher-lua's table model (see ltable.c) */
LUAI_FUNC void luaH_setnil (lua_State *L, Table *t, const TValue *key);
LUAI_FUNC int luaH_alen (Table *t);
LUAI_FUNC void luaH_setalen (Table *t, int n);


#if defined(LUA_DEBUG)
LUAI_FUNC Node *luaH_mainposition (const Table *t, const TValue *key);
LUAI_FUNC int luaH_isdummy (Node *n);
#endif


#endif
