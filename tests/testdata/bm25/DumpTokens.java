import java.io.*;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import org.apache.lucene.analysis.*;
import org.apache.lucene.analysis.core.LowerCaseFilter;
import org.apache.lucene.analysis.en.*;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;

// args: IN.tsv OUT mode(raw|full)
public class DumpTokens {
  public static void main(String[] args) throws Exception {
    boolean raw = args[2].equals("raw");
    Analyzer an = new Analyzer() {
      protected TokenStreamComponents createComponents(String f) {
        Tokenizer src = new StandardTokenizer();
        TokenStream s = src;
        if (!raw) {
          s = new EnglishPossessiveFilter(s);
          s = new LowerCaseFilter(s);
          s = new StopFilter(s, EnglishAnalyzer.ENGLISH_STOP_WORDS_SET);
          s = new PorterStemFilter(s);
        }
        return new TokenStreamComponents(src, s);
      }
    };
    try (PrintWriter out = new PrintWriter(args[1], "UTF-8")) {
      for (String line : Files.readAllLines(Paths.get(args[0]), StandardCharsets.UTF_8)) {
        int tab = line.indexOf('\t');
        StringBuilder sb = new StringBuilder(line.substring(0, tab));
        try (TokenStream ts = an.tokenStream("c", line.substring(tab + 1))) {
          CharTermAttribute t = ts.addAttribute(CharTermAttribute.class);
          ts.reset();
          while (ts.incrementToken()) sb.append('\t').append(t.toString());
          ts.end();
        }
        out.println(sb);
      }
    }
  }
}
