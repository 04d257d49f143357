/*
** $Id: ltable.c,v 2.32.1.2 2007/12/28 15:32:23 roberto Exp $
** Lua tables (hash)
** See Copyright Notice in lua.h
*/


/*
** Implementation of tables (aka arrays, objects, or hash tables).
** Tables keep its elements in two parts: an array part and a hash part.
** Non-negative integer keys are all candidates to be kept in the array
** part. The actual size of the array is the largest `n' such that at
** least half the slots between 0 and n are in use.
** Hash uses a mix of chained scatter table with Brent's variation.
** A main invariant of these tables is that, if an element is not
** in its main position (i.e. the `original' position that its hash gives
** to it), then the colliding element is in its own main position.
** Hence even when the load factor reaches 100%, performance remains good.
*/

#include <math.h>
#include <string.h>

#define ltable_c
#define LUA_CORE

#include "lua.h"

#include "ldebug.h"
#include "ldo.h"
#include "lgc.h"
#include "lmem.h"
#include "lobject.h"
#include "lstate.h"
#include "ltable.h"


/*
** max size of array part is 2^MAXBITS
*/
#if LUAI_BITSINT > 26
#define MAXBITS		26
#else
#define MAXBITS		(LUAI_BITSINT-2)
#endif

#define MAXASIZE	(1 << MAXBITS)

/*
** kinterp: a node index is stored plus one in 24 bits (see Node in
** lobject.h), so a hash part has at most 2^23 nodes (stock: 2^MAXBITS).
** Under the default memory limit an allocation fails long before that.
*/
#define MAXHBITS	23


#define hashpow2(t,n)      (gnode(t, lmod((n), sizenode(t))))
  
#define hashstr(t,str)  hashpow2(t, (str)->tsv.hash)
#define hashboolean(t,p)        hashpow2(t, p)


/*
** for some types, it is better to avoid modulus by power of 2, as
** they tend to have many 2 factors.
*/
#define hashmod(t,n)	(gnode(t, ((n) % ((sizenode(t)-1)|1))))


#define hashpointer(t,p)	hashmod(t, IntPoint(p))


/*
** number of ints inside a lua_Number
*/
#define numints		cast_int(sizeof(lua_Number)/sizeof(int))



#define dummynode		(&dummynode_)

/* kinterp: the key and links fit in the value's padding on 64-bit, and
   a Table's free position and order need one int each */
typedef char kinterp_node_is_24_bytes[
  (sizeof(void *) != 8 || (sizeof(Node) == 24 && sizeof(Table) == 64)) ? 1 : -1];

/* all zeros: nil value, nil key, no links */
static const Node dummynode_ = {
  {{NULL}, LUA_TNIL, LUA_TNIL, {0, 0, 0}, {0, 0, 0}, {NULL}}
};


/* kinterp: a node link: an index, or -1 (stored as index + 1) */
static int getlink (const lu_byte *p) {
  return cast_int(p[0] | (p[1] << 8) | (cast(unsigned int, p[2]) << 16)) - 1;
}

static void setlink (lu_byte *p, int i) {
  unsigned int u = cast(unsigned int, i + 1);
  p[0] = cast_byte(u);
  p[1] = cast_byte(u >> 8);
  p[2] = cast_byte(u >> 16);
}

#define gnext(n)	getlink((n)->u.next)
#define setgnext(n,i)	setlink((n)->u.next, (i))
#define gonext(n)	getlink((n)->u.onext)
#define setonext(n,i)	setlink((n)->u.onext, (i))

/* kinterp: the node after `n' in its collision chain, or NULL */
#define gnextnode(t,n)	(gnext(n) < 0 ? NULL : gnode(t, gnext(n)))


/*
** kinterp: gopher-lua's table model, emulated over PUC's storage.
** gopher keeps every integer key 1..2^26-1 in its array part (whose
** length `alen' is the largest such key ever set, nil or not, less what
** table.remove took off), and every other key in first-insertion order,
** deleted keys keeping their place. `next' walks 1..alen, then that order.
** Here integer keys stay where PUC puts them (array or hash part); the
** other keys are linked in an insertion-order chain through their nodes.
*/
static int goarraykey (const TValue *key) {
  if (ttisnumber(key)) {
    lua_Number n = nvalue(key);
    int k;
    lua_number2int(k, n);
    if (luai_numeq(cast_num(k), n) && k >= 1 && k < MAXASIZE)
      return k;
  }
  return 0;
}


#define onode(t,i)	gnode(t, i)
#define oindex(t,n)	cast_int((n) - gnode(t, 0))

/*
** kinterp: the order is circular, so that a Table keeps only its last
** key (`olast'): the last key's `onext' is the first key.
*/
#define ofirst(t)	((t)->olast < 0 ? -1 : gonext(onode(t, (t)->olast)))

/* the key after the one at index `i' in the order, or -1 after the last */
#define oafter(t,i)	((i) == (t)->olast ? -1 : gonext(onode(t, (i))))

static void oappend (Table *t, Node *n) {
  int i = oindex(t, n);
  if (t->olast >= 0) {
    Node *last = onode(t, t->olast);
    setonext(n, gonext(last));  /* the first key follows the new last */
    setonext(last, i);
  }
  else
    setonext(n, i);  /* alone: its own successor */
  t->olast = i;
}


/* takes `n' out of the order (a walk: only a dead key of a weak table,
   reused by a new key, leaves the order) */
static void ounlink (Table *t, Node *n) {
  int i = oindex(t, n);
  int p = t->olast;  /* the key before `j' */
  int j = ofirst(t);
  if (j < 0) return;  /* empty */
  while (j != i) {
    if (j == t->olast) return;  /* not in the order */
    p = j;
    j = gonext(onode(t, j));
  }
  if (p == i)  /* the only key */
    t->olast = -1;
  else {
    setonext(onode(t, p), gonext(n));
    if (i == t->olast) t->olast = p;
  }
}


/* kinterp: goarraykey of a node's key */
static int nodearraykey (const Node *n) {
  TValue k;
  if (keytt(n) != LUA_TNUMBER) return 0;
  getnodekey(&k, n);
  return goarraykey(&k);
}


static int ochained (Node *n) {
  return !keyisnil(n) && !nodearraykey(n);
}


/* kinterp: whether node `n' holds `key' (luaO_rawequalObj) */
static int equalkey (const TValue *key, const Node *n) {
  if (ttype(key) != keytt(n)) return 0;
  switch (ttype(key)) {
    case LUA_TNIL: return 1;
    case LUA_TNUMBER: return luai_numeq(nvalue(key), keyval(n).n);
    case LUA_TBOOLEAN: return bvalue(key) == keyval(n).b;
    case LUA_TLIGHTUSERDATA: return pvalue(key) == keyval(n).p;
    default: return gcvalue(key) == keygc(n);
  }
}


/*
** hash for lua_Numbers
*/
static Node *hashnum (const Table *t, lua_Number n) {
  unsigned int a[numints];
  int i;
  if (luai_numeq(n, 0))  /* avoid problems with -0 */
    return gnode(t, 0);
  memcpy(a, &n, sizeof(a));
  for (i = 1; i < numints; i++) a[0] += a[i];
  return hashmod(t, a[0]);
}



/*
** returns the `main' position of an element in a table (that is, the index
** of its hash value)
*/
static Node *mainposition (const Table *t, const TValue *key) {
  switch (ttype(key)) {
    case LUA_TNUMBER:
      return hashnum(t, nvalue(key));
    case LUA_TSTRING:
      return hashstr(t, rawtsvalue(key));
    case LUA_TBOOLEAN:
      return hashboolean(t, bvalue(key));
    case LUA_TLIGHTUSERDATA:
      return hashpointer(t, pvalue(key));
    default:
      return hashpointer(t, gcvalue(key));
  }
}


/*
** kinterp: the node holding `key' (dead keys included, as `next' may
** meet them), or NULL.
*/
static Node *findnode (Table *t, StkId key) {
  Node *n;
  if (t->node == dummynode) return NULL;
  n = mainposition(t, key);
  do {
    if (equalkey(key, n) ||
          (keyisdead(n) && iscollectable(key) && keygc(n) == gcvalue(key)))
      return n;
    n = gnextnode(t, n);
  } while (n);
  return NULL;
}


/*
** kinterp: gopher's traversal: integer keys 1..alen in order, then the
** other keys in insertion order. Like gopher, a key that cannot be found
** continues from the second key of that order instead of raising an error.
*/
int luaH_next (lua_State *L, Table *t, StkId key) {
  int k = 0;
  int i;
  if (!ttisnil(key)) {
    k = goarraykey(key);
    if (k == 0 || k > t->alen) {
      Node *n = (k == 0) ? findnode(t, key) : NULL;
      if (n != NULL)
        i = oafter(t, oindex(t, n));
      else if (k > 0 && t->alen == 0)
        i = ofirst(t);
      else {
        i = ofirst(t);
        if (i >= 0) i = oafter(t, i);
      }
      goto hashpart;
    }
  }
  for (k++; k <= t->nlen; k++) {  /* the array part (nil past nlen) */
    const TValue *v = (k <= t->sizearray) ? &t->array[k-1] : luaH_getnum(t, k);
    if (!ttisnil(v)) {
      setnvalue(key, cast_num(k));
      setobj2s(L, key+1, v);
      return 1;
    }
  }
  i = ofirst(t);
 hashpart:
  for (; i >= 0; i = oafter(t, i)) {
    Node *n = onode(t, i);
    if (!ttisnil(gval(n))) {
      getnodekey(key, n);
      setobj2s(L, key+1, gval(n));
      return 1;
    }
  }
  return 0;  /* no more elements */
}



/*
** kinterp: the same walk as luaH_next, resumed from a cursor instead of
** from the previous key, so that a step looks nothing up (luaH_next finds
** the previous key's node by its hash, which for a large table is a cache
** miss per key). `*cursor' is 0 to start; afterwards it is the last array
** index returned (> 0) or -(next node index + 2) in the hash part (-1:
** nothing left). Writes the key and value to `out' and `out+1' and returns
** 1, or returns 0 at the end. The table must not change during the walk.
*/
int luaH_inext (lua_State *L, Table *t, int *cursor, StkId out) {
  int c = *cursor;
  int i;
  if (c >= 0) {
    int k;
    for (k = c + 1; k <= t->nlen; k++) {  /* the array part (nil past nlen) */
      const TValue *v = (k <= t->sizearray) ? &t->array[k-1] : luaH_getnum(t, k);
      if (!ttisnil(v)) {
        setnvalue(out, cast_num(k));
        setobj2s(L, out+1, v);
        *cursor = k;
        return 1;
      }
    }
    i = ofirst(t);
  }
  else
    i = -c - 2;
  for (; i >= 0; i = oafter(t, i)) {
    Node *n = onode(t, i);
    if (!ttisnil(gval(n))) {
      int next = oafter(t, i);
      getnodekey(out, n);
      setobj2s(L, out+1, gval(n));
      *cursor = -next - 2;
#if defined(__GNUC__)
      /* the next node of the order is anywhere in the node array: start
         fetching it while the caller handles this one */
      if (next >= 0)
        __builtin_prefetch(onode(t, next));
#endif
      return 1;
    }
  }
  *cursor = -1;
  return 0;  /* no more elements */
}

/*
** {=============================================================
** Rehash
** ==============================================================
*/


static int computesizes (int nums[], int *narray) {
  int i;
  int twotoi;  /* 2^i */
  int a = 0;  /* number of elements smaller than 2^i */
  int na = 0;  /* number of elements to go to array part */
  int n = 0;  /* optimal size for array part */
  for (i = 0, twotoi = 1; twotoi/2 < *narray; i++, twotoi *= 2) {
    if (nums[i] > 0) {
      a += nums[i];
      if (a > twotoi/2) {  /* more than half elements present? */
        n = twotoi;  /* optimal size (till now) */
        na = a;  /* all elements smaller than n will go to array part */
      }
    }
    if (a == *narray) break;  /* all elements already counted */
  }
  *narray = n;
  lua_assert(*narray/2 <= na && na <= *narray);
  return na;
}


static int countint (const TValue *key, int *nums) {
  int k = goarraykey(key);  /* kinterp: 1..2^26-1 (2^26 is a chained key) */
  if (k > 0) {  /* is `key' an appropriate array index? */
    nums[ceillog2(k)]++;  /* count as such */
    return 1;
  }
  else
    return 0;
}


static int numusearray (const Table *t, int *nums) {
  int lg;
  int ttlg;  /* 2^lg */
  int ause = 0;  /* summation of `nums' */
  int i = 1;  /* count to traverse all array keys */
  for (lg=0, ttlg=1; lg<=MAXBITS; lg++, ttlg*=2) {  /* for each slice */
    int lc = 0;  /* counter */
    int lim = ttlg;
    if (lim > t->sizearray) {
      lim = t->sizearray;  /* adjust upper limit */
      if (i > lim)
        break;  /* no more elements to count */
    }
    /* count elements in range (2^(lg-1), 2^lg] */
    for (; i <= lim; i++) {
      if (!ttisnil(&t->array[i-1]))
        lc++;
    }
    nums[lg] += lc;
    ause += lc;
  }
  return ause;
}


static int numusehash (const Table *t, int *nums, int *pnasize) {
  int totaluse = 0;  /* total number of elements */
  int ause = 0;  /* summation of `nums' */
  int i = sizenode(t);
  while (i--) {
    Node *n = &t->node[i];
    if (!ttisnil(gval(n))) {
      TValue k;
      getnodekey(&k, n);
      ause += countint(&k, nums);
      totaluse++;
    }
    else if (!keyisdead(n) && ochained(n))
      totaluse++;  /* kinterp: a deleted key keeps its place */
  }
  *pnasize += ause;
  return totaluse;
}


static void setarrayvector (lua_State *L, Table *t, int size) {
  int i;
  luaM_reallocvector(L, t->array, t->sizearray, size, TValue);
  for (i=t->sizearray; i<size; i++)
     setnilvalue(&t->array[i]);
  t->sizearray = size;
}


static void setnodevector (lua_State *L, Table *t, int size) {
  int lsize;
  if (size == 0) {  /* no elements to hash part? */
    t->node = cast(Node *, dummynode);  /* use common `dummynode' */
    lsize = 0;
  }
  else {
    lsize = ceillog2(size);
    if (lsize > MAXHBITS)  /* kinterp: the links' limit */
      luaG_runerror(L, "table overflow");
    size = twoto(lsize);
    t->node = luaM_knewvector(L, size, Node);  /* kinterp: pooled */
    /* kinterp: all zeros is a free node (nil key and value, no links) */
    memset(t->node, 0, size * sizeof(Node));
  }
  t->olast = -1;  /* kinterp */
  t->lsizenode = cast_byte(lsize);
  t->lastfree = size;  /* all positions are free (kinterp: an index) */
}


static void resize (lua_State *L, Table *t, int nasize, int nhsize) {
  int i;
  int oldasize = t->sizearray;
  int oldhsize = t->lsizenode;
  int olast = t->olast;  /* kinterp */
  Node *nold = t->node;  /* save old hash ... */
  int first = (olast < 0) ? -1 : gonext(nold + olast);  /* kinterp */
  if (nasize > oldasize)  /* array part must grow? */
    setarrayvector(L, t, nasize);
  /* create new hash part with appropriate size */
  setnodevector(L, t, nhsize);  
  if (nasize < oldasize) {  /* array part must shrink? */
    t->sizearray = nasize;
    /* re-insert elements from vanishing slice */
    for (i=nasize; i<oldasize; i++) {
      if (!ttisnil(&t->array[i]))
        setobjt2t(L, luaH_setnum(L, t, i+1), &t->array[i]);
    }
    /* shrink array */
    luaM_reallocvector(L, t->array, oldasize, nasize, TValue);
  }
  /* kinterp: re-insert the chained keys in their order, deleted ones
     included, then the integer keys of the hash part */
  for (i = first; i >= 0; i = (i == olast) ? -1 : gonext(nold+i)) {
    Node *old = nold+i;
    if (!keyisdead(old)) {
      TValue k;
      getnodekey(&k, old);
      setobjt2t(L, luaH_set(L, t, &k), gval(old));
    }
  }
  for (i = twoto(oldhsize) - 1; i >= 0; i--) {
    Node *old = nold+i;
    if (!ttisnil(gval(old)) && !ochained(old)) {
      TValue k;
      getnodekey(&k, old);
      setobjt2t(L, luaH_set(L, t, &k), gval(old));
    }
  }
  if (nold != dummynode)
    luaM_kfreearray(L, nold, twoto(oldhsize), Node);  /* free old array (kinterp: pooled) */
}


void luaH_resizearray (lua_State *L, Table *t, int nasize) {
  int nsize = (t->node == dummynode) ? 0 : sizenode(t);
  resize(L, t, nasize, nsize);
}


static void rehash (lua_State *L, Table *t, const TValue *ek) {
  int nasize, na;
  int nums[MAXBITS+1];  /* nums[i] = number of keys between 2^(i-1) and 2^i */
  int i;
  int totaluse;
  for (i=0; i<=MAXBITS; i++) nums[i] = 0;  /* reset counts */
  nasize = numusearray(t, nums);  /* count keys in array part */
  totaluse = nasize;  /* all those keys are integer keys */
  totaluse += numusehash(t, nums, &nasize);  /* count keys in hash part */
  /* count extra key */
  nasize += countint(ek, nums);
  totaluse++;
  /* compute new size for array part */
  na = computesizes(nums, &nasize);
  /* resize the table to new computed sizes */
  resize(L, t, nasize, totaluse - na);
}



/*
** }=============================================================
*/


Table *luaH_new (lua_State *L, int narray, int nhash) {
  Table *t = luaM_knew(L, Table);  /* kinterp: pooled */
  luaC_link(L, obj2gco(t), LUA_TTABLE);
  t->metatable = NULL;
  t->flags = cast_byte(~0);
  /* temporary values (kept only if some malloc fails) */
  t->array = NULL;
  t->sizearray = 0;
  t->alen = t->nlen = 0;  /* kinterp */
  t->lsizenode = 0;
  t->node = cast(Node *, dummynode);
  setarrayvector(L, t, narray);
  setnodevector(L, t, nhash);
  return t;
}


/*
** kinterp: a new table holding the hash part of `src' (its size, keys,
** collision chains, free position and insertion order) with every value
** nil. Given values for all of those keys, it equals a table built by
** setting the same keys in the same order, as `src' was. `src' has no
** array part.
*/
int luaH_hasnodes (const Table *t) {
  return t->node != dummynode;
}


Table *luaH_newlike (lua_State *L, const Table *src) {
  Table *t = luaH_new(L, 0, 0);
  lua_assert(src->sizearray == 0);
  if (src->node != dummynode) {
    int i;
    int size = sizenode(src);
    Node *n = luaM_knewvector(L, size, Node);
    memcpy(n, src->node, size * sizeof(Node));
    for (i = 0; i < size; i++)
      setnilvalue(gval(n + i));
    t->node = n;
    t->lsizenode = src->lsizenode;
    t->lastfree = src->lastfree;
    t->olast = src->olast;
  }
  t->alen = src->alen;
  t->nlen = src->nlen;
  return t;
}


void luaH_free (lua_State *L, Table *t) {
  if (t->node != dummynode)
    luaM_kfreearray(L, t->node, sizenode(t), Node);  /* kinterp: pooled */
  luaM_freearray(L, t->array, t->sizearray, TValue);
  luaM_kfree(L, t);  /* kinterp: pooled */
}


static Node *getfreepos (Table *t) {
  while (t->lastfree > 0) {  /* kinterp: an index */
    Node *n = gnode(t, --t->lastfree);
    if (keyisnil(n))
      return n;
  }
  return NULL;  /* could not find a free place */
}



/*
** inserts a new key into a hash table: at its main position if that is
** free, else at a free position linked right after the main position.
** kinterp: nodes never move (stock 5.1 moves a colliding node that is
** out of its main position), so a chain may hold keys of several main
** positions; a lookup walks from the key's main position and still
** meets it. Chains only lose a node when the table is rebuilt: deleted
** keys keep their node (gopher's order), and a dead or deleted entry is
** reused in place. With no move, a node needs no back link in the order.
*/
static TValue *newkey (lua_State *L, Table *t, const TValue *key) {
  Node *mp = mainposition(t, key);
  if (keyisdead(mp))  /* kinterp: reuse a dead entry */
    ounlink(t, mp);
  else if (ttisnil(gval(mp)) && !keyisnil(mp) && !ochained(mp))
    ;  /* kinterp: reuse a deleted integer entry, as PUC does */
  else if (!keyisnil(mp) || mp == dummynode) {
    /* kinterp: a key, not a value, makes a node taken: deleted keys keep
       their node, and so their place in the insertion order */
    Node *n = getfreepos(t);  /* get a free place */
    if (n == NULL) {  /* cannot find a free place? */
      rehash(L, t, key);  /* grow table */
      return luaH_set(L, t, key);  /* re-insert key into grown table */
    }
    lua_assert(n != dummynode);
    setgnext(n, gnext(mp));  /* chain the new position after `mp' */
    setgnext(mp, oindex(t, n));
    mp = n;
  }
  setnodekey(mp, key);
  if (!goarraykey(key)) oappend(t, mp);  /* kinterp */
  luaC_barriert(L, t, key);
  setnilvalue(gval(mp));  /* kinterp: a reused entry may hold a value */
  return gval(mp);
}


/*
** search function for integers
*/
const TValue *luaH_getnum (Table *t, int key) {
  /* (1 <= key && key <= t->sizearray) */
  if (cast(unsigned int, key-1) < cast(unsigned int, t->sizearray))
    return &t->array[key-1];
  else {
    lua_Number nk = cast_num(key);
    Node *n = hashnum(t, nk);
    do {  /* check whether `key' is somewhere in the chain */
      if (keytt(n) == LUA_TNUMBER && luai_numeq(keyval(n).n, nk))
        return gval(n);  /* that's it */
      else n = gnextnode(t, n);
    } while (n);
    return luaO_nilobject;
  }
}


/*
** search function for strings
*/
const TValue *luaH_getstr (Table *t, TString *key) {
  Node *n = hashstr(t, key);
  do {  /* check whether `key' is somewhere in the chain */
    if (keytt(n) == LUA_TSTRING && keygc(n) == obj2gco(key))
      return gval(n);  /* that's it */
    else n = gnextnode(t, n);
  } while (n);
  return luaO_nilobject;
}


/*
** main search function
*/
const TValue *luaH_get (Table *t, const TValue *key) {
  switch (ttype(key)) {
    case LUA_TNIL: return luaO_nilobject;
    case LUA_TSTRING: return luaH_getstr(t, rawtsvalue(key));
    case LUA_TNUMBER: {
      int k;
      lua_Number n = nvalue(key);
      lua_number2int(k, n);
      if (luai_numeq(cast_num(k), nvalue(key))) /* index is int? */
        return luaH_getnum(t, k);  /* use specialized version */
      /* else go through */
    }
    default: {
      Node *n = mainposition(t, key);
      do {  /* check whether `key' is somewhere in the chain */
        if (equalkey(key, n))
          return gval(n);  /* that's it */
        else n = gnextnode(t, n);
      } while (n);
      return luaO_nilobject;
    }
  }
}


TValue *luaH_set (lua_State *L, Table *t, const TValue *key) {
  const TValue *p = luaH_get(t, key);
  int k = goarraykey(key);
  if (k > t->nlen) {  /* kinterp */
    t->nlen = k;
    if (k > t->alen) t->alen = k;
  }
  t->flags = 0;
  if (p != luaO_nilobject)
    return cast(TValue *, p);
  else {
    if (ttisnil(key)) luaG_runerror(L, "table index is nil");
    else if (ttisnumber(key) && luai_numisnan(nvalue(key)))
      luaG_runerror(L, "table index is NaN");
    return newkey(L, t, key);
  }
}


TValue *luaH_setnum (lua_State *L, Table *t, int key) {
  const TValue *p = luaH_getnum(t, key);
  if (key > t->nlen && key < MAXASIZE) {  /* kinterp */
    t->nlen = key;
    if (key > t->alen) t->alen = key;
  }
  if (p != luaO_nilobject)
    return cast(TValue *, p);
  else {
    TValue k;
    setnvalue(&k, cast_num(key));
    return newkey(L, t, &k);
  }
}


TValue *luaH_setstr (lua_State *L, Table *t, TString *key) {
  const TValue *p = luaH_getstr(t, key);
  if (p != luaO_nilobject)
    return cast(TValue *, p);
  else {
    TValue k;
    setsvalue(L, &k, key);
    return newkey(L, t, &k);
  }
}


/*
** kinterp: gopher's length: the largest integer key up to `alen' whose
** value is not nil (not a border).
*/
int luaH_getn (Table *t) {
  int j = t->nlen;  /* keys past nlen hold nil: start there */
  while (j > 0 &&
         ttisnil(j <= t->sizearray ? &t->array[j-1] : luaH_getnum(t, j)))
    j--;
  t->nlen = j;  /* so a stack popped with t[#t] = nil costs O(1) a pop */
  return j;
}


/*
** kinterp: gopher's `t[key] = nil': an entry that exists keeps its node
** (and its place in the order); an absent key is not created, but an
** integer key 1..2^26-1 still extends `alen'.
*/
void luaH_setnil (lua_State *L, Table *t, const TValue *key) {
  const TValue *p = luaH_get(t, key);
  int k = goarraykey(key);
  if (k > t->alen) t->alen = k;  /* nil: nlen need not move */
  if (p != luaO_nilobject)
    setnilvalue(cast(TValue *, p));
  else if (ttisnil(key))
    luaG_runerror(L, "table index is nil");
  else if (ttisnumber(key) && luai_numisnan(nvalue(key)))
    luaG_runerror(L, "table index is NaN");
}


/* kinterp: gopher's array length, for the table library */
int luaH_alen (Table *t) {
  return t->alen;
}


void luaH_setalen (Table *t, int n) {
  t->alen = n;
  if (t->nlen > n) t->nlen = n;
}



#if defined(LUA_DEBUG)

Node *luaH_mainposition (const Table *t, const TValue *key) {
  return mainposition(t, key);
}

int luaH_isdummy (Node *n) { return n == dummynode; }

#endif
