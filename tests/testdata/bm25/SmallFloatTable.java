import org.apache.lucene.util.SmallFloat;
public class SmallFloatTable { public static void main(String[] a) {
  StringBuilder sb = new StringBuilder();
  for (int i = 0; i < 256; i++) sb.append(SmallFloat.byte4ToInt((byte) i)).append(' ');
  sb.append('\n');
  int[] xs = {0,1,5,23,24,25,30,31,32,39,40,41,56,57,100,1000,12345,100000,2147483647};
  for (int x : xs) sb.append(SmallFloat.intToByte4(x) & 0xFF).append(' ');
  System.out.println(sb);
}}
