-- order: 2
-- changes: FRACTION = 0.0001 / SF substituted for the scale factor of the run; the alias value quoted ("VALUE": a keyword in H2)
SELECT ps_partkey, SUM(ps_supplycost * ps_availqty) AS "VALUE"
FROM partsupp, supplier, nation
WHERE ps_suppkey = s_suppkey AND s_nationkey = n_nationkey AND n_name = 'GERMANY'
GROUP BY ps_partkey
HAVING SUM(ps_supplycost * ps_availqty) > (
  SELECT SUM(ps_supplycost * ps_availqty) * ${FRACTION}
  FROM partsupp, supplier, nation
  WHERE ps_suppkey = s_suppkey AND s_nationkey = n_nationkey AND n_name = 'GERMANY')
ORDER BY "VALUE" DESC
