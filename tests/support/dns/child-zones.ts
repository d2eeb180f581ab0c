/** The child zones the deep scan's test zones delegate to (served by the same named). */
export const ZQ_SUB_WALK_TEST = `$ORIGIN zq-sub.walk.test.
$TTL 300
@ 3600 IN SOA ns1.zq-sub.walk.test. hostmaster.walk.test. ( 2026010101 3600 600 86400 300 )
@ 3600 IN NS ns1.zq-sub.walk.test.
ns1    IN A 192.0.2.201
www    IN A 192.0.2.202
`;

export const SUB_DEEP_TEST = `$ORIGIN sub.deep.test.
$TTL 300
@ 3600 IN SOA ns1.sub.deep.test. hostmaster.deep.test. ( 2026010101 3600 600 86400 300 )
@ 3600 IN NS ns1.sub.deep.test.
ns1    IN A 192.0.2.201
www    IN A 192.0.2.203
`;
